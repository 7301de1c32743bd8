#if canImport(Glibc)
    import Glibc
#endif

/// A Unix socket address (`sockaddr_un`), filled in one place for every caller.
public enum UnixSocketAddress {
    /// Calls `body` with `path` as a `sockaddr_un` and the address's length; nil when the
    /// path does not fit (`sun_path` holds 107 bytes and a NUL).
    ///
    /// A path starting with `@` names an abstract socket (systemd's `NOTIFY_SOCKET` may be
    /// one): its first byte becomes NUL and the length counts no trailing NUL.
    public static func with<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }
}
