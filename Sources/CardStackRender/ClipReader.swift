import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A clip read for `cardstack fit`: its frames in grey levels at a working size.
public struct Clip: Sendable {
    /// Working pixels per pixel of the file (≤ 1: large clips are scaled down).
    public var scale: Double
    public var width: Int
    public var height: Int
    /// The file's own picture size, pixels.
    public var sourceWidth = 0
    public var sourceHeight = 0
    /// Frames per second, as the file says.
    public var fps: Double
    /// Each frame's `width` × `height` grey bytes, row by row.
    public var frames: [[UInt8]]
    /// Whether the file holds more frames than were read.
    public var truncated: Bool

    public init(
        scale: Double, width: Int, height: Int, fps: Double, frames: [[UInt8]], truncated: Bool, sourceWidth: Int = 0,
        sourceHeight: Int = 0
    ) {
        self.scale = scale
        self.width = width
        self.height = height
        self.fps = fps
        self.frames = frames
        self.truncated = truncated
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
    }
}

/// Reads a video, GIF or picture through `ffprobe` and `ffmpeg` (Debian's ffmpeg package)
/// into grey frames: memory stays bounded by refusing a file over ``maximumBytes`` (or not a
/// regular file) and a picture over ``ChildProcess/maximumPixels`` before it is decoded, by
/// running both programs within ``ChildProcess/ffmpegMemory``, by scaling the picture down
/// to at most `workingWidth` pixels across and ``workingHeight`` down, and by reading at
/// most `maximumFrames` frames. Both read the file's first video stream (`v:0`). ffmpeg's
/// output and messages go to unnamed files in `$TMPDIR` (or /tmp), so nothing is left behind.
public enum ClipReader {
    /// The largest clip `cardstack fit` reads: 1 GiB.
    public static let maximumBytes = 1 << 30
    /// The working frames' largest height, pixels.
    public static let workingHeight = 1024

    public static func read(path: String, maximumFrames: Int = 240, workingWidth: Int = 400) throws(RenderError)
        -> Clip
    {
        do {
            try InputFile.check(path, limit: maximumBytes)
        } catch {
            throw RenderError("\(path): \(error)")
        }
        let pixels = String(ChildProcess.maximumPixels)
        let probe = try run(
            "ffprobe",
            [
                "-v", "error", "-max_pixels", pixels, "-select_streams", "v:0", "-show_entries",
                "stream=width,height,r_frame_rate", "-of", "csv=p=0", path,
            ], limit: 4096)
        if let size = oversized(probe.log) { throw tooLarge(path, size) }
        let fields = String(decoding: probe.output, as: UTF8.self).split(whereSeparator: { $0 == "," || $0 == "\n" })
        guard probe.status == 0, fields.count >= 3, let width = Int(fields[0]), let height = Int(fields[1]),
            width > 0, height > 0
        else {
            let why = probe.status == 0 ? "it has no picture" : probe.messages
            throw RenderError("\(path): not a video or picture ffmpeg can read (\(why))")
        }
        guard width.multipliedReportingOverflow(by: height).partialValue <= ChildProcess.maximumPixels,
            width <= ChildProcess.maximumPixels, height <= ChildProcess.maximumPixels
        else { throw tooLarge(path, "\(width) × \(height)") }
        let rate = fields[2].split(separator: "/").compactMap { Double($0) }
        let fps = rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : (rate.first ?? 0)
        let scale = min(1, Double(workingWidth) / Double(width), Double(workingHeight) / Double(height))
        // Even sizes, as the scaler likes them; at least 2 pixels.
        let w = max(2, Int((Double(width) * scale / 2).rounded()) * 2)
        let h = max(2, Int((Double(height) * scale / 2).rounded()) * 2)
        let frameBytes = w * h
        let decoded = try run(
            "ffmpeg",
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "1", "-max_pixels", pixels, "-i", path,
                "-map", "0:v:0", "-frames:v", String(maximumFrames + 1), "-vf",
                "scale=\(w):\(h):flags=area,format=gray", "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1",
            ], limit: frameBytes * (maximumFrames + 1))
        if let size = oversized(decoded.log) { throw tooLarge(path, size) }
        guard decoded.status == 0 else {
            throw RenderError("\(path): ffmpeg cannot decode it (\(decoded.messages))")
        }
        let count = decoded.output.count / frameBytes
        let frames = (0..<min(count, maximumFrames)).map {
            Array(decoded.output[$0 * frameBytes..<($0 + 1) * frameBytes])
        }
        guard !frames.isEmpty else { throw RenderError("\(path): ffmpeg decoded no frame from it") }
        return Clip(
            scale: Double(w) / Double(width), width: w, height: h, fps: fps.isFinite && fps > 0 ? fps : 0,
            frames: frames, truncated: count > maximumFrames, sourceWidth: width, sourceHeight: height)
    }

    static func tooLarge(_ path: String, _ size: String) -> RenderError {
        RenderError(
            "\(path): the picture is \(size) pixels, over the \(ChildProcess.maximumPixels) (4096 × 4096) cardstack fit decodes: scale the clip down (e.g. ffmpeg -vf scale=1280:-2)"
        )
    }

    /// The size (`W × H`) of a picture ffmpeg or ffprobe refused for its pixels
    /// (`-max_pixels`), from its messages, or nil.
    static func oversized(_ log: String) -> String? {
        for line in log.split(separator: "\n") where line.contains("exceeds specified max pixel count") {
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "size"), at + 1 < words.count else { return "too many" }
            return words[at + 1].split(separator: "x").joined(separator: " × ")
        }
        return nil
    }

    /// Runs `program` with `arguments` to its end (``ChildProcess``): its exit status (nil
    /// when a signal ended it), its first `limit` bytes of output and its last messages.
    static func run(_ program: String, _ arguments: [String], limit: Int) throws(RenderError) -> (
        status: Int32?, output: [UInt8], messages: String, log: String
    ) {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                [program] + arguments, seconds: .infinity, keep: limit, memory: ChildProcess.ffmpegMemory)
        } catch {
            guard error.notFound else { throw RenderError(error.description) }
            throw RenderError(
                "\(program) is not installed (it reads the clip): install Debian's ffmpeg package, e.g. sudo apt-get install ffmpeg"
            )
        }
        let messages = ChildProcess.lastLines(outcome.errors, count: 2)
        return (
            outcome.status, outcome.output, messages.isEmpty ? "no message" : messages,
            String(decoding: outcome.errors, as: UTF8.self)
        )
    }
}
