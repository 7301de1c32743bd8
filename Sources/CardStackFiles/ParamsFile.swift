import CardStackParams

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that reads parameter files.
public enum ParamsFile {
    /// The bytes of the file at `path` (following symlinks), at most
    /// ``ParamsDocument/maximumBytes`` + 1 of them so an oversized file is refused cheaply.
    public static func read(_ path: String) throws(ParamsError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw openError(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ParamsError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))", path: path)
        }
        if let kind = notARegularFile(info.st_mode) {
            throw ParamsError(
                .unreadable, "\(path) is \(kind), not a parameter file; point --config at a regular file", path: path)
        }
        let limit = ParamsDocument.maximumBytes + 1
        // Sized for the whole file (plus a byte to see its end), grown only if it grows.
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0) + 1, limit))
        var count = 0
        while count < limit {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit - count)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ParamsError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))", path: path)
            }
            if n == 0 { break }
            count += n
            // A regular file reads short only at its end: no second call to find it.
            if count < bytes.count { break }
        }
        bytes.removeLast(bytes.count - count)
        if count >= limit, info.st_size > 0 {
            throw ParamsError(
                .tooLarge,
                "the file is \(info.st_size) bytes; a parameter file may be at most \(ParamsDocument.maximumBytes) bytes (1 MiB)",
                path: path)
        }
        return bytes
    }

    /// What a file of `mode` is, in words, unless it is a regular file.
    public static func notARegularFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }

    /// Reads, parses and validates the file at `path`.
    public static func load(_ path: String) throws(ParamsError) -> (resolved: Resolved, bytes: [UInt8]) {
        let bytes = try read(path)
        return (try ParamsDocument.parameters(from: bytes, path: path), bytes)
    }

    /// Whether something exists at `path` (following symlinks).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func openError(_ path: String, _ code: Int32) -> ParamsError {
        switch code {
        case ENOENT:
            ParamsError(.missing, "no parameter file at \(path)", path: path)
        case EACCES:
            ParamsError(.unreadable, "permission denied reading \(path): check the file's owner and mode", path: path)
        default:
            ParamsError(.unreadable, "cannot open \(path): \(String(cString: strerror(code)))", path: path)
        }
    }
}
