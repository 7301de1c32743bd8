import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A reference the user loaded into the page (`POST /reference`): the uploaded file and its
/// frames, decoded by ffmpeg into a private directory (0700) in `$TMPDIR` (or /tmp).
///
/// Only the containers a designer brings are read — MP4/MOV, WebM (Matroska), GIF, PNG and
/// JPEG, told by their first bytes and named to ffmpeg with `-f`, reading only the `file`
/// protocol — so an upload cannot make ffmpeg open another file or a URL (an HLS playlist
/// or a concat list would). At most ``maximumFrames`` frames are kept, scaled so their
/// longest side is at most ``maximumSide`` pixels, as JPEG; each frame's time is its
/// presentation time (ffmpeg's `pts`) from the first frame's.
public struct ReferenceClip: Sendable {
    static let maximumFrames = 600
    static let maximumSide = 720
    /// Seconds ffmpeg may take to decode one upload.
    static let decodeSeconds = 60.0

    let id: String
    let directory: String
    /// Each frame's time in seconds, the first 0.
    let times: [Double]
    let width: Int
    let height: Int
    /// The uploaded picture's own width in pixels (`width` or more: frames are scaled down).
    let sourceWidth: Int

    /// The uploaded file, for `cardstack fit`.
    var file: String { directory + "/upload" }

    /// Frame `n`'s file.
    func frame(_ n: Int) -> String { directory + "/\(n).jpg" }

    /// Frames per second: the clip's frames over its length (0 for a still).
    var fps: Double {
        guard times.count > 1, let last = times.last, last > 0 else { return 0 }
        return (Double(times.count - 1) / last * 1000).rounded() / 1000
    }

    /// The reply to `POST /reference`.
    var json: String {
        let list = times.map { formatted($0) }.joined(separator: ",")
        return
            #"{"id":"\#(id)","frames":\#(times.count),"fps":\#(formatted(fps)),"width":\#(width),"height":\#(height),"times":[\#(list)]}"#
    }

    private func formatted(_ value: Double) -> String {
        let micro = (value * 1e6).rounded() / 1e6
        return micro == micro.rounded() ? String(Int(micro)) : String(micro)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The container ffmpeg is told to read for a file starting with `head`, or nil.
    static func container(_ head: [UInt8]) -> String? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png_pipe" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpeg_pipe" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "matroska" }
        for box in ["ftyp", "moov", "mdat", "wide", "free", "skip"] where starts(Array(box.utf8), at: 4) {
            return "mov"
        }
        return nil
    }

    /// Writes `upload` into a new private directory and decodes its frames there; on any
    /// failure the directory is removed and the error says why in one line. The directory
    /// and ffmpeg are in `registry` before either is used, so a bridge that stops removes
    /// and kills them.
    /// The start of each reference's directory's name, in `$TMPDIR` (or /tmp).
    public static let directoryPrefix = "cardstack-reference-"

    static func decode(_ upload: [UInt8], id: String, registry: ChildRegistry) throws(Problem) -> ReferenceClip {
        guard let container = container(Array(upload.prefix(16))) else {
            throw Problem(
                description: upload.isEmpty
                    ? "the file is empty"
                    : "not a video or image cardstack reads: load an MP4, MOV, WebM, GIF, PNG or JPEG")
        }
        let scratch = ChildProcess.scratch
        let made: String?
        do {
            made = try registry.makeDirectory(in: scratch, prefix: directoryPrefix)
        } catch {
            throw Problem(description: "\(error)")
        }
        guard let directory = made else {
            throw Problem(description: "cannot make a directory in \(scratch): \(String(cString: strerror(errno)))")
        }
        do {
            return try decode(upload, container: container, id: id, directory: directory, registry: registry)
        } catch {
            registry.removeDirectory(directory)
            throw error
        }
    }

    private static func decode(
        _ upload: [UInt8], container: String, id: String, directory: String, registry: ChildRegistry
    ) throws(Problem) -> ReferenceClip {
        let path = directory + "/upload"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Problem(description: "cannot store the upload in \(ChildProcess.scratch)") }
        let written = upload.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == upload.count else { throw Problem(description: "cannot store the upload (disk full?)") }
        let side = maximumSide
        let arguments = [
            "ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-loglevel", "info", "-threads", "1",
            "-filter_threads", "1", "-protocol_whitelist", "file", "-max_pixels", String(ChildProcess.maximumPixels),
            "-f", container, "-i", "file:" + path,
            "-map", "0:v:0", "-frames:v", String(maximumFrames),
            "-vf",
            "showinfo,scale=w='min(\(side),iw)':h='min(\(side),ih)':force_original_aspect_ratio=decrease,showinfo",
            "-fps_mode", "passthrough", "-c:v", "mjpeg", "-q:v", "3", "-f", "image2", "-start_number", "0",
            "file:" + directory + "/%d.jpg",
        ]
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                arguments, seconds: decodeSeconds, memory: ChildProcess.ffmpegMemory, registry: registry)
        } catch {
            throw Problem(
                description: error.notFound
                    ? "ffmpeg is not installed (it decodes references): install Debian's ffmpeg package"
                    : error.description)
        }
        if outcome.timedOut {
            throw Problem(description: "ffmpeg took over \(Int(decodeSeconds)) s to decode it: load a shorter clip")
        }
        let log = String(decoding: outcome.errors, as: UTF8.self)
        if let size = oversized(log) {
            throw Problem(
                description:
                    "the picture is \(size) pixels, over the \(ChildProcess.maximumPixels) (4096 × 4096) a reference may have: load a smaller one"
            )
        }
        guard outcome.status == 0 else {
            let reason = ChildProcess.lastLines(outcome.errors, dropping: { $0.contains("Parsed_showinfo") })
                .replacingAll("file:" + path + ": ", with: "").replacingAll("file:" + path, with: "the file")
                .replacingAll(path, with: "the file")
            throw Problem(description: "ffmpeg cannot decode it: \(reason.isEmpty ? "no message" : reason)")
        }
        let (times, width, height, sourceWidth) = frames(log)
        var kept = times.count
        while kept > 0, access(directory + "/\(kept - 1).jpg", R_OK) != 0 { kept -= 1 }
        guard kept > 0 else { throw Problem(description: "the file holds no picture ffmpeg can decode") }
        return ReferenceClip(
            id: id, directory: directory, times: Array(times.prefix(kept)), width: width, height: height,
            sourceWidth: max(sourceWidth, width))
    }

    /// Each frame's time (from the first) and the frames' size, from the lines of the showinfo
    /// after the scaling (`Parsed_showinfo_2`), and the uploaded picture's width from the
    /// one before it (`Parsed_showinfo_0`).
    static func frames(_ log: String) -> (times: [Double], width: Int, height: Int, sourceWidth: Int) {
        var times: [Double] = []
        var width = 0
        var height = 0
        var sourceWidth = 0
        for line in log.split(separator: "\n") where line.contains("Parsed_showinfo") && line.contains(" n:") {
            let scaled = line.contains("Parsed_showinfo_2")
            var time: Double?
            for word in line.split(separator: " ") {
                if word.hasPrefix("pts_time:") { time = Double(word.dropFirst("pts_time:".count)) }
                if word.hasPrefix("s:") {
                    let size = word.dropFirst(2).split(separator: "x")
                    guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]) else { continue }
                    if scaled { (width, height) = (w, h) } else if sourceWidth == 0 { sourceWidth = w }
                }
            }
            // A frame without a time (NOPTS) follows the one before it.
            if scaled { times.append(time ?? (times.last.map { $0 + 1.0 / 30 } ?? 0)) }
        }
        let start = times.first ?? 0
        return (times.map { max(0, $0 - start) }, width, height, sourceWidth)
    }

    /// The size (`WxH`) of a picture ffmpeg refused for its pixels (`-max_pixels`), from
    /// its log, or nil.
    static func oversized(_ log: String) -> String? {
        for line in log.split(separator: "\n") where line.contains("exceeds specified max pixel count") {
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "size"), at + 1 < words.count else { return "too many" }
            return String(words[at + 1]).replacingAll("x", with: " × ")
        }
        return nil
    }
}
