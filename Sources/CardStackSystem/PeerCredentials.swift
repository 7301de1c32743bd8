#if canImport(Glibc)
    import Glibc
#endif

/// The credentials of a connected Unix socket's peer (`SO_PEERCRED`), laid out as Linux's
/// `struct ucred` (which Glibc hides without `_GNU_SOURCE`), and its supplementary groups
/// (`SO_PEERGROUPS`). For a client these are the daemon's as of its `listen` (root's, pid 1,
/// when systemd made the socket); for the daemon, the client's as of its `connect`.
public struct PeerCredentials: Sendable, Equatable {
    public var pid: Int32 = 0
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init(pid: Int32 = 0, uid: UInt32 = 0, gid: UInt32 = 0) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// The peer of the connected socket `fd`, or nil when it cannot be read.
    public static func of(_ fd: CInt) -> PeerCredentials? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard fd >= 0, getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            Int(length) == MemoryLayout<PeerCredentials>.size
        else { return nil }
        return credentials
    }

    /// The peer's supplementary groups (empty when the kernel cannot say).
    public static func groups(of fd: CInt) -> [UInt32] {
        var groups = [UInt32](repeating: 0, count: 64)
        while true {
            var length = socklen_t(groups.count * MemoryLayout<UInt32>.size)
            let result = groups.withUnsafeMutableBytes {
                getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, $0.baseAddress, &length)
            }
            if result == 0 { return Array(groups.prefix(Int(length) / MemoryLayout<UInt32>.size)) }
            guard errno == ERANGE, Int(length) > groups.count * MemoryLayout<UInt32>.size else { return [] }
            groups = [UInt32](repeating: 0, count: Int(length) / MemoryLayout<UInt32>.size)
        }
    }

    /// Why a client of uid `uid` must not talk to this peer on `path`, or nil when it is
    /// that uid or root (docs/protocol.md §1).
    public func distrust(asUID uid: UInt32 = UInt32(getuid()), path: String) -> String? {
        guard self.uid != uid, self.uid != 0 else { return nil }
        return "refusing to talk to the process (pid \(pid)) listening on \(path): it runs as uid \(self.uid), "
            + "not as you (uid \(uid)) or root, so it is not your daemon; nothing was sent. "
            + "Remove \(path) and start cardstackd again, or pass --socket PATH"
    }
}
