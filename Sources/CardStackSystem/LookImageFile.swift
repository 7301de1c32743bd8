import CardStackLook

#if canImport(Glibc)
    import Glibc
#endif

/// The image files `card.images` names: globs resolved against the parameter file's
/// directory, and one file read with bounded memory after its header says it is a PNG or
/// JPEG of an acceptable size (docs/parameters.md, "The look"). The files are read here;
/// what their bytes say is ``ImageHeader``'s (CardStackLook). Nothing is decoded here.
public enum LookImageFile {
    /// At most this many bytes are read from one file.
    public static let maximumBytes = 16 << 20
    /// What a file's header says (``ImageHeader``, the one reader of image headers).
    public typealias Header = ImageHeader

    /// Why a file is not an image the look can use.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The file's bytes, when it is a regular file of at most ``maximumBytes`` whose header is
    /// a PNG or JPEG within the pixel bounds.
    public static func read(_ path: String) -> Result<(Header, [UInt8]), Problem> {
        func problem(_ reason: String) -> Result<(Header, [UInt8]), Problem> {
            .failure(Problem(path: path, reason: reason))
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return problem(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return problem(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return problem("not a regular file") }
        guard info.st_size <= maximumBytes else {
            return problem("\(info.st_size) bytes, more than the \(maximumBytes) an image may have")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return problem(String(cString: strerror(errno))) }
            if n == 0 { break }
            done += n
        }
        bytes.removeSubrange(done...)
        switch header(bytes) {
        case .failure(let reason): return problem(reason.reason)
        case .success(let header):
            if header.kind == .png,
                let reason = header.pngChunksProblem(
                    size: bytes.count, read: { at, n in Array(bytes[max(at, 0)..<min(at + n, bytes.count)]) })
            {
                return problem(reason)
            }
            return .success((header, bytes))
        }
    }

    /// At most this many bytes are read to find a file's header (a JPEG's frame header may
    /// follow its metadata).
    public static let headerBytes = 256 * 1024

    /// Whether `path` is a regular file whose header says PNG or JPEG within the bounds,
    /// reading at most ``headerBytes`` of it.
    public static func checkHeader(_ path: String) -> Result<Header, Problem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Problem(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(Problem(path: path, reason: "not a regular file"))
        }
        guard info.st_size <= maximumBytes else {
            return .failure(
                Problem(path: path, reason: "\(info.st_size) bytes, more than the \(maximumBytes) an image may have"))
        }
        var bytes = [UInt8](repeating: 0, count: min(headerBytes, Int(info.st_size)))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        bytes.removeSubrange(done...)
        let found = header(bytes).mapError { Problem(path: path, reason: $0.reason) }
        if case .success(let header) = found, header.kind == .png,
            let reason = header.pngChunksProblem(size: Int(info.st_size), read: { at, n in readAt(fd, at, n) })
        {
            return .failure(Problem(path: path, reason: reason))
        }
        return found
    }

    /// The header of PNG or JPEG bytes, with the size bounds applied (``ImageHeader/parse(_:)``).
    static func header(_ b: [UInt8]) -> Result<Header, Problem> {
        ImageHeader.parse(b).mapError { Problem(path: "", reason: $0.reason) }
    }

    /// Up to `count` bytes of `fd` at `offset`.
    static func readAt(_ fd: Int32, _ offset: Int, _ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        out.removeSubrange(done...)
        return out
    }
}
