#if canImport(Glibc)
    import Glibc
#endif

/// Opening and reading a file a command was given: the parameter file, a recording, a
/// corners file, a clip. It is opened without blocking (`O_NONBLOCK`: opening a FIFO for
/// reading would wait for a writer for ever), refused unless it is a regular file (a
/// device such as /dev/zero never ends) and read with a size cap, so no input hangs a
/// command or grows its memory without end.
public enum InputFile {
    /// Why a file cannot be taken, with what the caller needs to say so in its own words.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// There is no file (`code` is ENOENT).
            case missing
            /// It cannot be opened or read (`code` says why).
            case unreadable
            /// It is not a regular file (`what` says what it is).
            case notRegular
            /// It holds more than the cap (`size` bytes, 0 when its size is not known).
            case tooLarge
        }

        public var kind: Kind
        public var code: Int32 = 0
        public var what = ""
        public var size = 0
        public var limit = 0

        /// One sentence without the path: "cannot read it: …", "it is a FIFO …".
        public var description: String {
            switch kind {
            case .missing, .unreadable: "cannot read it: \(String(cString: strerror(code)))"
            case .notRegular: "it is \(what), not a regular file: give a file"
            case .tooLarge:
                "it is \(size > 0 ? "\(size) bytes" : "larger than that"); at most \(InputFile.bytes(limit)) are read"
            }
        }
    }

    /// The file at `path` (following symlinks) opened for reading, close-on-exec, once it is
    /// a regular file of at most `limit` bytes; the caller closes the descriptor.
    public static func open(_ path: String, limit: Int) throws(Problem) -> (fd: Int32, size: Int) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            throw Problem(kind: code == ENOENT ? .missing : .unreadable, code: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Problem(kind: .unreadable, code: code)
        }
        if let what = notARegularFile(info.st_mode) {
            close(fd)
            throw Problem(kind: .notRegular, what: what)
        }
        let size = max(Int(info.st_size), 0)
        guard size <= limit else {
            close(fd)
            throw Problem(kind: .tooLarge, size: size, limit: limit)
        }
        return (fd, size)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them: a file larger than
    /// that (or one that grows past it while read) is refused.
    public static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let (fd, size) = try open(path, limit: limit)
        defer { close(fd) }
        let cap = limit + 1
        // Sized for the whole file (plus a byte to see its end), grown only if it grows.
        var bytes = [UInt8](repeating: 0, count: min(size + 1, cap))
        var count = 0
        while count < cap {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, cap - count)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Problem(kind: .unreadable, code: errno)
            }
            if n == 0 { break }
            count += n
            // A regular file reads short only at its end: no second call to find it.
            if count < bytes.count { break }
        }
        guard count <= limit else { throw Problem(kind: .tooLarge, size: size > limit ? size : 0, limit: limit) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Checks that `path` is a regular file of at most `limit` bytes that can be opened,
    /// without reading it (a clip ffmpeg reads).
    public static func check(_ path: String, limit: Int) throws(Problem) {
        let (fd, _) = try open(path, limit: limit)
        close(fd)
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

    /// `count` bytes in words: "256 MiB", "1 MiB", "4096 bytes".
    public static func bytes(_ count: Int) -> String {
        if count >= 1 << 30, count % (1 << 30) == 0 { return "\(count >> 30) GiB" }
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        return "\(count) bytes"
    }
}
