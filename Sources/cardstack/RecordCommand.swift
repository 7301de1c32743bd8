import ArgumentParser
import CardStackClient
import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the daemon's events into FILE as JSON lines, to replay or attach to a bug report.",
        discussion: """
            Writes the parameters in force first (a params event), then every event the daemon \
            sends, one JSON line each, until Ctrl-C or --seconds. Every line carries "time": \
            the daemon's clock in seconds (frame events have it from the daemon; the others \
            get the time they arrived, on the same clock). The daemon's newest frame, sent \
            first, is written with the time the recording began when the stack was at rest: \
            a recording holds the move, not the time the daemon sat idle. FILE is opened once \
            the daemon has answered: a socket that cannot be used leaves no file, and an \
            existing FILE as it was. Play a recording back with \
            `cardstack view --replay FILE`: no daemon needed.

            Examples:
              cardstack record bounce.jsonl --seconds 5
              cardstack record session.jsonl --events frame,params
            """)

    @Argument(
        help: ArgumentHelp("The file to write (replaced if it exists); - for standard output.", valueName: "file"))
    var file: String

    @Option(
        name: .long, help: ArgumentHelp("Stop after this many seconds (default: until Ctrl-C).", valueName: "seconds"))
    var seconds: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Comma-separated events: frame, params, config_error, state (default: all).", valueName: "events"))
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
        // Connected first, and FILE opened at the first line to write, once the daemon has
        // answered: a socket that cannot be used leaves no file, and an existing FILE stays
        // as it was until the recording really starts (docs/tuning.md).
        let daemon = try connection.connect()
        var out: Int32? = file == "-" ? 1 : nil
        defer { if let out, out != 1 { close(out) } }
        var count = 0
        do {
            let recorder = EventRecorder(daemon: daemon, kinds: kinds, seconds: seconds, timeout: connection.timeout)
            try recorder.run(count: &count) { line in
                let fd = try out ?? create()
                out = fd
                try write(line, to: fd)
            }
        } catch {
            let what =
                count == 0
                ? "nothing recorded\(file == "-" ? "" : " (\(file) not written)")"
                : "recorded \(count) event\(count == 1 ? "" : "s") before"
            printError("cardstack: \(what): \(error)")
            throw ExitCode(1)
        }
        guard count > 0 else {
            printError(
                "cardstack: no \(kinds.map(\.rawValue).joined(separator: " or ")) event came\(seconds.map { " in \($0) s" } ?? ""); nothing recorded\(file == "-" ? "" : " (\(file) not written)"): record longer, or with more --events"
            )
            throw ExitCode(1)
        }
        if file != "-" { printError("cardstack: recorded \(count) event\(count == 1 ? "" : "s") to \(file)") }
    }

    /// Opens FILE for the recording's first line, replacing what it held.
    func create() throws -> Int32 {
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RecordError(
                "cannot write \(file): \(String(cString: strerror(errno))) (give a path in a directory you may write to)"
            )
        }
        return fd
    }

    /// Writes one line.
    func write(_ bytes: [UInt8], to fd: Int32) throws {
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
