import CardStackProtocol
import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

/// sd_notify without libsystemd: one datagram per message to `$NOTIFY_SOCKET` (a path, or
/// `@name` for the abstract namespace). Without `NOTIFY_SOCKET` every call does nothing.
public struct SystemdNotifier: Sendable {
    let address: String?

    public init(environment: [String: String]) {
        let value = environment["NOTIFY_SOCKET"]
        address = (value?.isEmpty ?? true) ? nil : value
    }

    public var isEnabled: Bool { address != nil }

    /// Sends `KEY=VALUE` lines, e.g. `"READY=1\nSTATUS=revision 3"` (built only when
    /// there is a `NOTIFY_SOCKET` to send them to).
    @discardableResult
    public func send(_ message: @autoclosure () -> String) -> Bool {
        guard let address else { return false }
        let message = message()
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let payload = Array(message.utf8)
        let sent = UnixSocketAddress.with(address) { address, length in
            payload.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
        }
        return sent == payload.count
    }

    /// `CLOCK_MONOTONIC` in microseconds, for `MONOTONIC_USEC=` with `RELOADING=1`.
    public static func monotonicMicroseconds() -> UInt64 {
        SystemClock.monotonicMicroseconds
    }

    /// Half of `$WATCHDOG_USEC` when the watchdog is on for this process, in microseconds.
    public static func watchdogInterval(environment: [String: String]) -> UInt64? {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(UInt64.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid() { return nil }
        return usec / 2
    }
}
