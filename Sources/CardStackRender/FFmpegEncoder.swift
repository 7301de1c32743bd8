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
/// - GIF: one palette for the whole animation from every frame's colours (`palettegen`,
///   then `paletteuse` without dithering: flat cards stay flat), looping forever.
/// - APNG: ffmpeg's encoder, which stores only the part of each frame that changed.
/// - MP4: H.264 (x264), 4:2:0 in BT.709 colours, tagged so, `faststart` for the web.
/// - WebM: VP9 (libvpx) at a constant quality.
public final class FFmpegEncoder {
    let process: pid_t
    let input: Int32
    let log: Int32
    let width: Int
    let height: Int
    private var finished = false

    /// Starts ffmpeg writing `format` to `path` (replaced) for `width` x `height` frames at
    /// `fps`.
    public init(format: RenderFormat, width: Int, height: Int, fps: Int, path: String) throws(RenderError) {
        self.width = width
        self.height = height
        signal(SIGPIPE, SIG_IGN)
        let arguments = Self.arguments(format: format, width: width, height: height, fps: fps, path: path)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw RenderError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        // Our end must not stay open in ffmpeg, or it never sees the end of its input.
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        // ffmpeg's messages go to an unnamed file: a pipe could fill while we write frames.
        var template = Array("/tmp/cardstack-ffmpeg-XXXXXX".utf8CString)
        let log = mkstemp(&template)
        guard log >= 0 else {
            close(fds[0])
            close(fds[1])
            throw RenderError("cannot make a file in /tmp for ffmpeg's messages: \(String(cString: strerror(errno)))")
        }
        unlink(template)
        _ = fcntl(log, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "ffmpeg", &actions, nil, &argv, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            close(log)
            if spawned == ENOENT {
                throw RenderError(
                    "ffmpeg is not installed (it encodes GIF, APNG, MP4 and WebM): install Debian's ffmpeg package, e.g. sudo apt-get install ffmpeg"
                )
            }
            throw RenderError("cannot run ffmpeg: \(String(cString: strerror(spawned)))")
        }
        process = pid
        input = fds[1]
        self.log = log
    }

    deinit {
        if !finished {
            close(input)
            var status: Int32 = 0
            while waitpid(process, &status, 0) < 0, errno == EINTR {}
        }
        close(log)
    }

    /// ffmpeg's command line.
    static func arguments(format: RenderFormat, width: Int, height: Int, fps: Int, path: String) -> [String] {
        var a = [
            "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-filter_threads", "1",
            "-filter_complex_threads", "1",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "\(width)x\(height)", "-framerate", "\(fps)", "-i",
            "pipe:0",
            "-threads", "1", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact",
        ]
        switch format {
        case .gif:
            a += [
                "-filter_complex",
                "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none:diff_mode=rectangle",
                "-loop", "0", "-f", "gif",
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
        return a + ["-y", path]
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

    /// Closes the input and waits for ffmpeg to write the file.
    public func finish() throws(RenderError) {
        guard !finished else { return }
        finished = true
        close(input)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            let how = exited ? "exit status \(code)" : "signal \(status & 0x7F)"
            throw RenderError("ffmpeg failed (\(how)): \(messages())")
        }
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
