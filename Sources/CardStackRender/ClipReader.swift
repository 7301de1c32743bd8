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
    /// Frames per second, as the file says.
    public var fps: Double
    /// Each frame's `width` × `height` grey bytes, row by row.
    public var frames: [[UInt8]]
    /// Whether the file holds more frames than were read.
    public var truncated: Bool
}

/// Reads a video, GIF or picture through `ffprobe` and `ffmpeg` (Debian's ffmpeg package)
/// into grey frames: memory stays bounded by scaling the picture down to at most
/// `workingWidth` pixels across and reading at most `maximumFrames` frames. ffmpeg's output
/// and messages go to unnamed files in `$TMPDIR` (or /tmp), so nothing is left behind.
public enum ClipReader {
    public static func read(path: String, maximumFrames: Int = 240, workingWidth: Int = 400) throws(RenderError)
        -> Clip
    {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw RenderError("\(path): cannot read it: \(String(cString: strerror(errno)))") }
        close(fd)
        let probe = try run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,r_frame_rate",
                "-of", "csv=p=0", path,
            ], limit: 4096)
        let fields = String(decoding: probe.output, as: UTF8.self).split(whereSeparator: { $0 == "," || $0 == "\n" })
        guard probe.status == 0, fields.count >= 3, let width = Int(fields[0]), let height = Int(fields[1]),
            width > 0, height > 0
        else {
            let why = probe.status == 0 ? "it has no picture" : probe.messages
            throw RenderError("\(path): not a video or picture ffmpeg can read (\(why))")
        }
        let rate = fields[2].split(separator: "/").compactMap { Double($0) }
        let fps = rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : (rate.first ?? 0)
        let scale = min(1, Double(workingWidth) / Double(width))
        // Even sizes, as the scaler likes them; at least 2 pixels.
        let w = max(2, Int((Double(width) * scale / 2).rounded()) * 2)
        let h = max(2, Int((Double(height) * scale / 2).rounded()) * 2)
        let frameBytes = w * h
        let decoded = try run(
            "ffmpeg",
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "1", "-i", path,
                "-frames:v", String(maximumFrames + 1), "-vf", "scale=\(w):\(h):flags=area,format=gray",
                "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1",
            ], limit: frameBytes * (maximumFrames + 1))
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
            frames: frames, truncated: count > maximumFrames)
    }

    /// Runs `program` with `arguments` to its end (``ChildProcess``): its exit status (nil
    /// when a signal ended it), its first `limit` bytes of output and its last messages.
    static func run(_ program: String, _ arguments: [String], limit: Int) throws(RenderError) -> (
        status: Int32?, output: [UInt8], messages: String
    ) {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run([program] + arguments, seconds: .infinity, keep: limit)
        } catch {
            guard error.notFound else { throw RenderError(error.description) }
            throw RenderError(
                "\(program) is not installed (it reads the clip): install Debian's ffmpeg package, e.g. sudo apt-get install ffmpeg"
            )
        }
        let messages = ChildProcess.lastLines(outcome.errors, count: 2)
        return (outcome.status, outcome.output, messages.isEmpty ? "no message" : messages)
    }
}
