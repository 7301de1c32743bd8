import ArgumentParser
import CardStackClient
import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Set by SIGINT and SIGTERM: the recording ends at the next line or poll.
nonisolated(unsafe) private var recordingInterrupted: sig_atomic_t = 0

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the daemon's events into FILE as JSON lines, to replay or attach to a bug report.",
        discussion: """
            Writes the parameters in force first (a params event), then every event the daemon \
            sends, one JSON line each, until Ctrl-C or --seconds. Every line carries "time": \
            the daemon's clock in seconds (frame events have it from the daemon; the others \
            get the time they arrived, on the same clock). Play a recording back with \
            `cardstack view --replay FILE`: no daemon needed.

            Examples:
              cardstack record bounce.jsonl --seconds 5
              cardstack record session.jsonl --events frame,params
            """)

    @Argument(help: ArgumentHelp("The file to write (replaced if it exists); - for standard output.", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("Stop after this many seconds (default: until Ctrl-C).", valueName: "seconds"))
    var seconds: Double?

    @Option(name: .long, help: ArgumentHelp("Comma-separated events: frame, params, config_error, state (default: all).", valueName: "events"))
    var events: String?

    @OptionGroup var connection: ConnectionOptions

    func kinds() throws -> [EventKind] { try eventKinds(events) }

    func validate() throws {
        _ = try kinds()
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw ValidationError("--seconds must be a positive number of seconds, got \(seconds)")
        }
    }

    func run() throws {
        let kinds = try kinds()
        let out: Int32
        if file == "-" {
            out = 1
        } else {
            out = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard out >= 0 else {
                throw fail(RecordError("cannot write \(file): \(String(cString: strerror(errno)))"))
            }
        }
        defer { if out != 1 { close(out) } }
        signal(SIGINT) { _ in recordingInterrupted = 1 }
        signal(SIGTERM) { _ in recordingInterrupted = 1 }
        signal(SIGPIPE, SIG_IGN)
        let daemon = try connection.connect()
        var count = 0
        do {
            // The daemon's clock: its uptime now, against ours.
            let state = try daemon.request(.getState, as: StateInfo.self, timeout: connection.timeout)
            let skew = state.uptime - monotonicNow()
            func daemonTime() -> Double { monotonicNow() + skew }
            if kinds.contains(.params) {
                let info = try daemon.request(.getParams, as: ParamsInfo.self, timeout: connection.timeout)
                try write(try WireJSON.encode(ServerMessage.params(info)), time: daemonTime(), hasTime: false, to: out)
                count += 1
            }
            try daemon.request(.subscribe(kinds), timeout: connection.timeout)
            let end = seconds.map { monotonicNow() + $0 }
            while recordingInterrupted == 0 {
                let left = end.map { $0 - monotonicNow() }
                if let left, left <= 0 { break }
                guard let line = try daemon.readLine(timeout: min(left ?? 0.2, 0.2)) else { continue }
                guard let message = try? WireJSON.decode(ServerMessage.self, from: line) else { continue }
                var hasTime = false
                switch message {
                case .reply, .hello: continue
                case let .bye(reason): throw ClientError.closed(reason)
                case let .frame(event): hasTime = event.time != nil
                default: break
                }
                try write(line, time: daemonTime(), hasTime: hasTime, to: out)
                count += 1
            }
        } catch {
            printError("cardstack: recorded \(count) event\(count == 1 ? "" : "s") before: \(error)")
            throw ExitCode(1)
        }
        if file != "-" { printError("cardstack: recorded \(count) event\(count == 1 ? "" : "s") to \(file)") }
    }

    /// Writes one event line, adding `"time"` when the event has none.
    func write(_ line: [UInt8], time: Double, hasTime: Bool, to fd: Int32) throws {
        var bytes = line
        if !hasTime, bytes.last == UInt8(ascii: "}") {
            bytes.removeLast()
            bytes.append(contentsOf: ",\"time\":\(time)}".utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw RecordError("cannot write \(file): \(String(cString: strerror(errno)))") }
            written += n
        }
    }
}

struct RecordError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
