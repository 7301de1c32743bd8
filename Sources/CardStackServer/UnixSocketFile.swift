import CardStackProtocol
import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Why the daemon could not listen where it was asked to.
public struct SocketSetupError: Error, CustomStringConvertible {
    public var description: String
}

/// Preparing the socket path: a private directory, no stolen live sockets, stale ones
/// replaced, and the mode set through the umask so the file is never briefly open.
enum UnixSocketFile {
    /// Makes sure `path` can be bound: creates its directory (mode 0700) if missing, removes a
    /// stale socket left by a crashed daemon, and refuses when a live daemon answers there.
    static func prepare(_ path: String) throws {
        guard path.utf8.count < 108 else {
            throw SocketSetupError(
                description:
                    "the socket path \(path) is \(path.utf8.count) bytes; Unix sockets allow at most 107: choose a shorter --socket"
            )
        }
        try makeDirectory(parent(of: path))
        if let problem = SocketDirectory.problem(forSocket: path) { throw SocketSetupError(description: problem) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw SocketSetupError(
                description: "\(path) exists and is not a socket: remove it or choose another --socket")
        }
        if isLive(path) {
            throw SocketSetupError(
                description:
                    "another cardstackd is already listening on \(path); stop it first, or give this one another --socket"
            )
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw SocketSetupError(
                description: "cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Binds a new listening socket at `path` (prepared first) with `mode`, set through the
    /// umask so the file never exists with a wider one.
    static func listen(_ path: String, mode: UInt32, backlog: Int32) throws -> CInt {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw SocketSetupError(description: "cannot create a socket: \(String(cString: strerror(errno)))")
        }
        let old = umask(mode_t(0o777 & ~mode))
        let bound = withAddress(path) { bind(fd, $0, $1) } == 0
        let code = errno
        umask(old)
        guard bound, Glibc.listen(fd, backlog) == 0 else {
            let message = String(cString: strerror(bound ? errno : code))
            close(fd)
            throw SocketSetupError(description: "cannot listen on \(path): \(message)")
        }
        return fd
    }

    /// Whether something accepts connections at `path`.
    static func isLive(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return withAddress(path) { connect(fd, $0, $1) } == 0
    }

    /// `body` on `path`'s address; -1 with `ENAMETOOLONG` when the path does not fit.
    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        guard let result = UnixSocketAddress.with(path, body) else {
            errno = ENAMETOOLONG
            return -1
        }
        return result
    }

    static func parent(of path: String) -> String { SocketDirectory.parent(of: path) }

    /// `mkdir -p` with mode 0700 for what it creates.
    static func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 { return }
        let up = parent(of: path)
        if up != path { try makeDirectory(up) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw SocketSetupError(
                description: "cannot create the socket directory \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The identity of the socket file we created, to remove only that one.
    static func identity(_ path: String) -> (dev: UInt, ino: UInt)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (UInt(info.st_dev), UInt(info.st_ino))
    }
}
