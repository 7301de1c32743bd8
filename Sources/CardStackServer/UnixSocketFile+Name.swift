#if canImport(Glibc)
    import Glibc
#endif

extension UnixSocketFile {
    /// The path a listening socket is bound to (`getsockname`), for the log: nil when it is
    /// no named Unix socket (abstract, unbound, or not AF_UNIX).
    static func boundPath(_ fd: CInt) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let bytes = withUnsafeBytes(of: &address.sun_path) { raw in
            Array(raw.prefix(max(Int(length) - MemoryLayout<sa_family_t>.size, 0)).prefix { $0 != 0 })
        }
        guard !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
