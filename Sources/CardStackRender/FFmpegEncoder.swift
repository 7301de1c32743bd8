import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Encodes raw frames with `ffmpeg` (Debian's ffmpeg package), run as a child process that
/// reads B, G, R, A pixels on its standard input and writes the file itself.
///
/// Byte-identical output for identical input: one thread everywhere (`-threads 1`,
/// `-filter_threads 1`: x264's and libvpx's results depend on their thread count),
/// `+bitexact` for the muxer and the encoder (no version or encoder tag written) and no
/// metadata or creation time.
///
/// - GIF: two passes over the same frames, so that ffmpeg holds no more than a frame or two
///   whatever the length: ``palette(width:height:fps:)`` reads every frame's colours into one
///   palette (`palettegen`), then the encoder maps each frame onto it as it comes
///   (`paletteuse` without dithering: flat cards stay flat), looping forever.
/// - APNG: ffmpeg's encoder, which stores only the part of each frame that changed.
/// - MP4: H.264 (x264), 4:2:0 in BT.709 colours, tagged so, `faststart` for the web.
/// - WebM: VP9 (libvpx) at a constant quality.
public final class FFmpegEncoder {
    let process: pid_t
    let input: Int32
    let log: Int32
    /// Where ffmpeg's standard output goes when it is the result (the palette pass), else -1.
    let output: Int32
    let width: Int
    let height: Int
    private var finished = false

    /// Starts ffmpeg writing `format` to `path` (replaced) for `width` x `height` frames at
    /// `fps`; a GIF needs the `palette` its first pass made.
    /// `maximumBytes`, when given, stops ffmpeg writing once the file is that large.
    public convenience init(
        format: RenderFormat, width: Int, height: Int, fps: Int, path: String, palette: [UInt8]? = nil,
        maximumBytes: Int? = nil
    ) throws(RenderError) {
        var arguments = Self.arguments(format: format, width: width, height: height, fps: fps, path: path)
        if let maximumBytes { arguments.insert(contentsOf: ["-fs", String(maximumBytes)], at: arguments.count - 2) }
        try self.init(
            arguments: arguments,
            width: width, height: height, extraInput: format == .gif ? palette ?? [] : nil, capture: false)
    }

    /// The first pass of a GIF: an ffmpeg that reads the frames and, at ``finish(by:)``,
    /// gives their palette (``paletteBytes`` bytes for the second pass).
    public static func palette(width: Int, height: Int, fps: Int) throws(RenderError) -> FFmpegEncoder {
        let arguments =
            inputArguments(width: width, height: height, fps: fps) + [
                "-vf", "palettegen=stats_mode=full", "-f", "rawvideo", "-pix_fmt", "bgra", "-y", "pipe:1",
            ]
        return try FFmpegEncoder(arguments: arguments, width: width, height: height, extraInput: nil, capture: true)
    }

    /// A palette as `palettegen` writes it: 16 x 16 colours, B, G, R, A each.
    public static let paletteBytes = 16 * 16 * 4

    /// Starts ffmpeg with `arguments`; `extraInput` is its file descriptor 3, `capture` keeps
    /// its standard output.
    private init(arguments: [String], width: Int, height: Int, extraInput: [UInt8]?, capture: Bool)
        throws(RenderError)
    {
        self.width = width
        self.height = height
        signal(SIGPIPE, SIG_IGN)
        // ffmpeg's messages go to an unnamed file: a pipe could fill while we write frames.
        let log = try Self.scratchFile(for: "ffmpeg's messages")
        var output: Int32 = -1
        var extra: Int32 = -1
        var fds: [Int32] = [-1, -1]
        var started = false
        defer {
            if extra >= 0 { close(extra) }
            if !started { for fd in [log, output, fds[1]] where fd >= 0 { close(fd) } }
        }
        if capture { output = try Self.scratchFile(for: "ffmpeg's output") }
        if let extraInput { extra = try Self.scratchFile(for: "the palette", holding: extraInput) }
        guard pipe(&fds) == 0 else { throw RenderError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        // Our end must not stay open in ffmpeg, or it never sees the end of its input.
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        if output >= 0 {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        if extra >= 0 { posix_spawn_file_actions_adddup2(&actions, extra, 3) }
        // Behind `setpriv --pdeathsig KILL` (ChildProcess.bounded): it dies with the thread
        // that feeds and waits for it, so a render cut short leaves no ffmpeg behind.
        let command: [String]
        do {
            command = try ChildProcess.bounded(arguments, memory: nil)
        } catch {
            close(fds[0])
            throw error.notFound
                ? RenderError(
                    "ffmpeg is not installed (it encodes GIF, APNG, MP4 and WebM): install Debian's ffmpeg package, e.g. sudo apt-get install ffmpeg"
                ) : RenderError(error.description)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
        close(fds[0])
        guard spawned == 0 else {
            if spawned == ENOENT {
                throw RenderError(
                    "ffmpeg is not installed (it encodes GIF, APNG, MP4 and WebM): install Debian's ffmpeg package, e.g. sudo apt-get install ffmpeg"
                )
            }
            throw RenderError("cannot run ffmpeg: \(String(cString: strerror(spawned)))")
        }
        started = true
        process = pid
        input = fds[1]
        self.log = log
        self.output = output
    }

    /// An unnamed file in the scratch directory (`$TMPDIR` or /tmp; removed at once, so nothing is left behind), at least
    /// descriptor 10 and closed on exec; `holding` its bytes, read from the start.
    static func scratchFile(for what: String, holding bytes: [UInt8] = []) throws(RenderError) -> Int32 {
        let scratch = ScratchDirectory.path
        var template = Array("\(scratch)/cardstack-ffmpeg-XXXXXX".utf8CString)
        let made = mkstemp(&template)
        guard made >= 0 else {
            throw RenderError("cannot make a file in \(scratch) for \(what): \(String(cString: strerror(errno)))")
        }
        unlink(template)
        // Above the descriptors a child is given (0 to 3), so a dup2 onto them always copies.
        let fd = fcntl(made, F_DUPFD_CLOEXEC, 10)
        close(made)
        guard fd >= 0, bytes.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            if fd >= 0 { close(fd) }
            throw RenderError("cannot write a file in \(scratch) for \(what): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    deinit {
        if !finished {
            // An encoding given up on: its file is removed, so ffmpeg need not finish it.
            close(input)
            kill(process, SIGKILL)
            var status: Int32 = 0
            while waitpid(process, &status, 0) < 0, errno == EINTR {}
        }
        close(log)
        if output >= 0 { close(output) }
    }

    /// ffmpeg up to its frames on standard input.
    static func inputArguments(width: Int, height: Int, fps: Int) -> [String] {
        [
            "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-filter_threads", "1",
            "-filter_complex_threads", "1",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "\(width)x\(height)", "-framerate", "\(fps)", "-i",
            "pipe:0",
        ]
    }

    /// ffmpeg's command line.
    static func arguments(format: RenderFormat, width: Int, height: Int, fps: Int, path: String) -> [String] {
        var a = inputArguments(width: width, height: height, fps: fps)
        if format == .gif {
            // The palette of the first pass, on descriptor 3.
            a += ["-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "16x16", "-i", "pipe:3"]
        }
        a += ["-threads", "1", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact"]
        switch format {
        case .gif:
            a += [
                "-filter_complex", "[0:v][1:v]paletteuse=dither=none:diff_mode=rectangle", "-loop", "0", "-f", "gif",
            ]
        case .apng:
            a += ["-c:v", "apng", "-pix_fmt", "rgb24", "-plays", "0", "-f", "apng"]
        case .mp4:
            a += [
                "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p", "-c:v", "libx264", "-preset",
                "veryfast",
                "-tune", "animation", "-crf", "18", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc",
                "bt709",
                "-color_range", "tv", "-movflags", "+faststart", "-f", "mp4",
            ]
        case .webm:
            a += [
                "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p", "-c:v", "libvpx-vp9", "-b:v", "0",
                "-crf", "32",
                "-deadline", "good", "-cpu-used", "5", "-row-mt", "0", "-colorspace", "bt709", "-color_primaries",
                "bt709",
                "-color_trc", "bt709", "-color_range", "tv", "-f", "webm",
            ]
        }
        // `file:` keeps a name with a colon (`a:b.gif`) a file name, not a protocol.
        return a + ["-y", "file:" + path]
    }

    /// Sends one frame: `width * height` pixels of B, G, R, A.
    public func write(_ pixels: UnsafeRawBufferPointer) throws(RenderError) {
        precondition(pixels.count == width * height * 4)
        var written = 0
        while written < pixels.count {
            let n = Glibc.write(input, pixels.baseAddress! + written, pixels.count - written)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                // ffmpeg stopped reading: it failed, and its messages say why.
                try finish()
                throw RenderError("ffmpeg stopped reading frames")
            }
            written += n
        }
    }

    /// Closes the input and waits for ffmpeg to write the file, until `deadline` (monotonic
    /// seconds, ``RenderClock``): past it ffmpeg is stopped and the render is over its budget.
    public func finish(by deadline: Double = .infinity) throws(RenderError) {
        guard !finished else { return }
        finished = true
        close(input)
        var status: Int32 = 0
        while true {
            let done = waitpid(process, &status, deadline.isFinite ? WNOHANG : 0)
            if done == process { break }
            if done < 0, errno != EINTR { break }
            if done == 0, RenderClock.now() > deadline {
                kill(process, SIGKILL)
                while waitpid(process, &status, 0) < 0, errno == EINTR {}
                throw RenderError.overBudget
            }
            if done == 0 { usleep(5000) }
        }
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            let how = exited ? "exit status \(code)" : "signal \(status & 0x7F)"
            throw RenderError("ffmpeg failed (\(how)): \(messages())")
        }
    }

    /// What ffmpeg wrote on its standard output (the palette pass), after ``finish(by:)``.
    public func result() -> [UInt8] {
        guard output >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Self.paletteBytes + 1)
        let n = pread(output, &bytes, bytes.count, 0)
        return Array(bytes.prefix(max(n, 0)))
    }

    /// The end of what ffmpeg wrote to its standard error.
    private func messages() -> String {
        var bytes = [UInt8](repeating: 0, count: 2048)
        let size = lseek(log, 0, SEEK_END)
        let n = pread(log, &bytes, bytes.count, max(0, size - off_t(bytes.count)))
        let text = String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self)
        let lines = text.split(separator: "\n").suffix(3).joined(separator: "; ")
        return lines.isEmpty ? "no message" : lines
    }
}
