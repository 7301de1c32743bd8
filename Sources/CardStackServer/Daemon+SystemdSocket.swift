import CardStackFiles
import CardStackParams

#if canImport(Glibc)
    import Glibc
#endif

/// What systemd passed as the listening socket (`LISTEN_FDS`), checked before anything is
/// served: a descriptor that is not a listening Unix stream socket stops the daemon at start
/// with the reason, so the manager shows the failure instead of a daemon nobody can reach.
extension Daemon {
    /// Why `fd` cannot be the daemon's listening socket, or nil when it can.
    static func listeningSocketProblem(_ fd: CInt) -> String? {
        var info = stat()
        guard inheritedDescriptorOpen.load(ordering: .relaxed), fstat(fd, &info) == 0 else {
            return "systemd's LISTEN_FDS names fd \(fd), which is not open: the daemon was started without the socket"
        }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            return
                "systemd's LISTEN_FDS names fd \(fd), which is \(ParamsFile.notARegularFile(info.st_mode) ?? "a regular file"), not a socket; check the unit's .socket file (ListenStream=)"
        }
        func option(_ name: CInt) -> CInt? {
            var value: CInt = 0
            var length = socklen_t(MemoryLayout<CInt>.size)
            return getsockopt(fd, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
        }
        guard option(SO_DOMAIN) == AF_UNIX else {
            return
                "systemd's LISTEN_FDS names fd \(fd), which is not a Unix socket: cardstackd listens only on a path (ListenStream=/run/…/cardstackd.sock)"
        }
        guard option(SO_TYPE) == CInt(SOCK_STREAM.rawValue) else {
            return
                "systemd's LISTEN_FDS names fd \(fd), which is not a stream socket: use ListenStream= (not ListenDatagram= or ListenSequentialPacket=)"
        }
        guard option(SO_ACCEPTCONN) == 1 else {
            return
                "systemd's LISTEN_FDS names fd \(fd), a socket that is not listening (Accept=no and ListenStream= give a listening one)"
        }
        return nil
    }
}
