import CardStackClient

#if canImport(Glibc)
    import Glibc
#endif

/// `cardstack render`: a recording's frames drawn (``FrameRenderer``) at a steady rate
/// (``RenderTimeline``) and encoded (``FFmpegEncoder``) into a file.
public enum RecordingRenderer {
    /// What was written.
    public struct Summary: Sendable {
        public var frames: Int
        public var fps: Int
        public var width: Int
        public var height: Int
        public var bytes: Int
        public var duration: Double
    }

    /// Renders `recording` into `path`. The file appears whole or not at all: ffmpeg writes a
    /// hidden file beside it, renamed over `path` at the end. A render past its time limit
    /// (`options.timeLimit`) stops with an error.
    @discardableResult
    public static func render(_ recording: Recording, options: RenderOptions, to path: String) throws(RenderError)
        -> Summary
    {
        try options.validate()
        let deadline = RenderClock.now() + options.timeLimit
        let recorded = RecordedFrames(recording)
        // The recording's rate: the daemon's `animation.fps` when the params were recorded.
        let rate = recorded.params?.animation.fps ?? RenderTimeline.rate(of: recorded.times)
        let fps = options.fps ?? options.format.defaultFPS(recordingRate: rate)
        let timeline = try RenderTimeline(times: recorded.times, fps: fps, from: options.from, to: options.to)
        let (width, height) = options.pictureSize(viewport: recorded.frames[0].viewport)
        if let why = RenderBudget.pictureProblem(width: width, height: height) { throw RenderError(why) }
        let renderer = try FrameRenderer(width: width, height: height, background: options.background)
        renderer.setLook(recorded.params?.card, parameterFile: recorded.paramsPath)
        let scale = options.size == nil ? options.scale : nil
        // Each output frame drawn (a repeated one once) and sent to ffmpeg.
        var last = -1
        let bytes = try AnimationFile.write(
            count: timeline.count, width: width, height: height, fps: fps, options: options, to: path,
            deadline: deadline
        ) { (k, encoder) throws(RenderError) in
            let pick = timeline.picks[k]
            if pick != last {
                guard renderer.draw(recorded.frames[pick], scale: scale, until: deadline) else {
                    throw RenderError.overBudget
                }
            }
            last = pick
            try renderer.withPixels { (pixels) throws(RenderError) in try encoder.write(pixels) }
        }
        return Summary(
            frames: timeline.count, fps: fps, width: width, height: height, bytes: bytes, duration: timeline.duration)
    }

    /// Renders the recording in `bytes` (JSON lines) and returns the file's bytes: what the
    /// bridge's `POST /render` answers.
    public static func render(
        recording bytes: [UInt8], format: RenderFormat, timeLimit: Double = RenderBudget.bridgeTimeLimit
    ) throws(RenderError) -> [UInt8] {
        let recording: Recording
        do {
            recording = try Recording(lines: bytes)
        } catch {
            throw RenderError("not a recording: \(error)")
        }
        return try inMemory(named: "render", format: format, timeLimit: timeLimit) {
            options, path throws(RenderError) in
            try render(recording, options: options, to: path)
        }
    }

    /// What `write` renders to a file, as bytes, within the bridge's budget: the file is made
    /// in a private directory under the scratch directory, read back and removed.
    static func inMemory(
        named name: String, format: RenderFormat, timeLimit: Double,
        _ write: (RenderOptions, String) throws(RenderError) -> Void
    ) throws(RenderError) -> [UInt8] {
        let scratch = ScratchDirectory.path
        var template = Array("\(scratch)/cardstack-\(name)-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw RenderError("cannot make a directory in \(scratch): \(String(cString: strerror(errno)))")
        }
        let directory = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let path = "\(directory)/\(name).\(format.rawValue)"
        defer {
            unlink(path)
            rmdir(directory)
        }
        var options = RenderOptions(format: format)
        options.timeLimit = timeLimit
        options.maximumBytes = RenderBudget.bridgeMaximumBytes
        try write(options, path)
        return try readFile(path)
    }

    /// Makes the hidden file ffmpeg writes into, beside `path`: this is where an output that
    /// cannot be written is found, before any frame is drawn.
    static func reserve(beside path: String, format: RenderFormat) throws(RenderError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(name).\(getpid()).partial.\(format.rawValue)"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RenderError("cannot write \(path): \(String(cString: strerror(errno))) (choose another --out)")
        }
        close(fd)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            unlink(temporary)
            throw RenderError(
                "cannot write \(path): it is a directory (give a file name, e.g. \(path)/stack.\(format.rawValue))")
        }
        return temporary
    }

    static func readFile(_ path: String) throws(RenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RenderError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            out += chunk[..<n]
        }
        return out
    }
}
