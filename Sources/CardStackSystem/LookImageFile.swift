#if canImport(Glibc)
    import Glibc
#endif

/// The image files `card.images` names: globs resolved against the parameter file's
/// directory, and one file read with bounded memory after its header says it is a PNG or
/// JPEG of an acceptable size (docs/parameters.md, "The look"). Nothing is decoded here.
public enum LookImageFile {
    /// At most this many bytes are read from one file.
    public static let maximumBytes = 16 << 20
    /// At most this many pixels a side and in all (4096 × 4096): a decoded image takes at
    /// most 64 MiB, whatever its file claims.
    public static let maximumSide = 8192
    public static let maximumPixels = 4096 * 4096

    public enum Kind: String, Sendable { case png, jpeg }

    /// What a file's header says.
    public struct Header: Sendable, Equatable {
        public var kind: Kind
        public var width: Int
        public var height: Int
        /// A PNG's most compressed image data (IDAT bytes) its pixels can need; 0 for JPEG.
        var imageDataLimit = 0
    }

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
                let reason = pngChunksProblem(
                    header, size: bytes.count, read: { at, n in Array(bytes[at..<min(at + n, bytes.count)]) })
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
            let reason = pngChunksProblem(header, size: Int(info.st_size), read: { at, n in readAt(fd, at, n) })
        {
            return .failure(Problem(path: path, reason: reason))
        }
        return found
    }

    /// The header of PNG or JPEG bytes, with the size bounds applied.
    public static func header(_ b: [UInt8]) -> Result<Header, Problem> {
        func problem(_ reason: String) -> Result<Header, Problem> { .failure(Problem(path: "", reason: reason)) }
        func be(_ i: Int, _ n: Int) -> Int { (i..<(i + n)).reduce(0) { $0 << 8 | Int(b[$1]) } }
        var found: Header?
        if b.count >= 8, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard b.count >= 24, b[12..<16].elementsEqual(Array("IHDR".utf8)) else {
                return problem("a corrupt PNG (no IHDR header)")
            }
            found = Header(kind: .png, width: be(16, 4), height: be(20, 4))
            found?.imageDataLimit = pngImageDataLimit(width: be(16, 4), height: be(20, 4), depth: b[24], color: b[25])
        } else if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF {
            var i = 2
            while i + 9 < b.count, found == nil {
                guard b[i] == 0xFF else { return problem("a corrupt JPEG (a marker expected at byte \(i))") }
                let marker = b[i + 1]
                if marker == 0xFF {
                    i += 1
                    continue
                }
                let length = be(i + 2, 2)
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    found = Header(kind: .jpeg, width: be(i + 7, 2), height: be(i + 5, 2))
                }
                guard length >= 2 else { return problem("a corrupt JPEG (a segment of length \(length))") }
                i += 2 + length
            }
            guard found != nil else { return problem("a corrupt JPEG (no frame header)") }
        } else {
            return problem("not a PNG or JPEG image")
        }
        guard let header = found, header.width > 0, header.height > 0 else {
            return problem("an image of no pixels")
        }
        if header.width > maximumSide || header.height > maximumSide || header.width * header.height > maximumPixels {
            return problem(
                "\(header.width) × \(header.height) pixels, more than the \(maximumSide) a side and "
                    + "\(maximumPixels) in all an image may have")
        }
        return .success(header)
    }
}
