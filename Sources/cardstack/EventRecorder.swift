import CardStackClient
import CardStackProtocol
import CardStackWire

#if canImport(Glibc)
    import Glibc
#endif

/// Set by SIGINT and SIGTERM: a recording ends at the next line or poll.
nonisolated(unsafe) var recordingInterrupted: sig_atomic_t = 0

/// What `cardstack record` and `cardstack render --live` share: the parameters in force
/// first (a params event, when asked for), then every event the daemon sends, one JSON line
/// each with its `"time"` on the daemon's clock, until Ctrl-C or `seconds`.
///
/// A recording holds the move, not the idle time before it: the frame the daemon sends on
/// subscribing is its newest, computed when the stack last moved, maybe minutes ago. When
/// the stack was at rest as the recording began, that frame is written with the time the
/// recording began (and without the `motion` of the move it ended, which is over by then):
/// the pose the recording starts from, not the time the daemon sat idle.
struct EventRecorder {
    var daemon: DaemonConnection
    var kinds: [EventKind]
    var seconds: Double?
    var timeout: Double

    /// Records, handing each line (with its newline) to `emit`; `count` is the number of
    /// lines emitted so far, also when this throws.
    func run(count: inout Int, _ emit: ([UInt8]) throws -> Void) throws {
        signal(SIGINT) { _ in recordingInterrupted = 1 }
        signal(SIGTERM) { _ in recordingInterrupted = 1 }
        signal(SIGPIPE, SIG_IGN)
        // The daemon's clock: its uptime now, against ours.
        let state = try daemon.request(.getState, as: StateInfo.self, timeout: timeout)
        let skew = state.uptime - monotonicNow()
        func daemonTime() -> Double { monotonicNow() + skew }
        // Only a frame computed before this moment, while nothing moved, is the stale one.
        var restFrame = state.animating ? nil : state.uptime
        var header: [UInt8]?
        if kinds.contains(.params) {
            let info = try daemon.request(.getParams, as: ParamsInfo.self, timeout: timeout)
            // The header also says which protocol the daemon spoke (`cardstack verify` reads it).
            let line = try WireJSON.encode(ServerMessage.params(info))
            header = Self.stamped(line, time: daemonTime(), hasTime: false, protocol: daemon.hello.protocol)
        }
        let began = daemonTime()
        try daemon.request(.subscribe(kinds), timeout: timeout)
        // Nothing is emitted before the daemon has answered every request: a recording that
        // cannot start writes nothing (`cardstack record` opens its file at the first line).
        if let header {
            try emit(header)
            count += 1
        }
        let end = seconds.map { monotonicNow() + $0 }
        while recordingInterrupted == 0 {
            let left = end.map { $0 - monotonicNow() }
            if let left, left <= 0 { break }
            guard var line = try daemon.readLine(timeout: min(left ?? 0.2, 0.2)) else { continue }
            guard let message = try? WireJSON.decode(ServerMessage.self, from: line) else { continue }
            var hasTime = false
            switch message {
            case .reply, .hello: continue
            case .bye(let reason): throw ClientError.closed(reason)
            case .frame(var event):
                hasTime = event.time != nil
                if let rest = restFrame, let time = event.time, time <= rest {
                    event.time = began
                    event.motion = nil
                    line = try WireJSON.encode(ServerMessage.frame(event))
                }
                restFrame = nil
            default: break
            }
            try emit(Self.stamped(line, time: daemonTime(), hasTime: hasTime))
            count += 1
        }
    }

    /// One event line, with `"time"` added when the event has none (and `"protocol"` when
    /// given), and its newline.
    static func stamped(_ line: [UInt8], time: Double, hasTime: Bool, protocol version: Int? = nil) -> [UInt8] {
        var bytes = line
        if !hasTime, bytes.last == UInt8(ascii: "}") {
            bytes.removeLast()
            bytes.append(contentsOf: ",\"time\":\(time)".utf8)
            if let version { bytes.append(contentsOf: ",\"protocol\":\(version)".utf8) }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
