import ArgumentParser
import CardStackClient
import CardStackExport
import CardStackProtocol
import CardStackSystem
import CardStackWire

#if canImport(Glibc)
    import Glibc
#endif

/// Options every command that talks to the daemon shares.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The daemon's socket (else $CARDSTACK_SOCKET, $XDG_RUNTIME_DIR/cardstack/cardstackd.sock, /tmp/cardstack-$UID/cardstackd.sock).",
            valueName: "path"))
    var socket: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds to wait for the daemon's answer (cardstack view also waits this long for a daemon to start listening).",
            valueName: "seconds"))
    var timeout: Double = DaemonConnection.defaultTimeout

    func validate() throws {
        guard timeout.isFinite, timeout >= 0 else {
            throw ValidationError("--timeout must be a number of seconds, 0 or more")
        }
    }

    /// Connects, or exits 1 saying where it looked. With `waiting`, a socket nobody listens
    /// on yet is tried again until `timeout` seconds have passed.
    func connect(waiting: Bool = false) throws -> DaemonConnection {
        try Self.connect(socket: socket, timeout: timeout, waiting: waiting)
    }

    static func connect(socket: String?, timeout: Double, waiting: Bool = false) throws -> DaemonConnection {
        let path = SocketPath.resolveForClient(option: socket)
        let deadline = monotonicNow() + timeout
        while true {
            do {
                return try DaemonConnection(path, timeout: timeout)
            } catch ClientError.noDaemon where waiting && monotonicNow() < deadline {
                usleep(50_000)
            } catch {
                throw fail(error)
            }
        }
    }

    /// Connects, sends one command and prints its result as JSON.
    func run(_ command: Command, pretty: Bool = false) throws {
        try Self.run(command, socket: socket, timeout: timeout, pretty: pretty)
    }

    static func run(_ command: Command, socket: String?, timeout: Double, pretty: Bool) throws {
        let connection = try connect(socket: socket, timeout: timeout)
        do {
            let result = try connection.request(command, timeout: timeout)
            try printJSON(result, pretty: pretty)
        } catch {
            throw fail(error)
        }
    }
}

/// The events named by an `--events` option (comma-separated), or every kind without one.
func eventKinds(_ events: String?) throws -> [EventKind] {
    guard let events else { return EventKind.allCases }
    let known = EventKind.allCases.map(\.rawValue).joined(separator: ", ")
    return try events.split(separator: ",").map {
        guard let kind = EventKind(rawValue: String($0.filter { $0 != " " })) else {
            throw ValidationError("unknown event \($0) in --events; known: \(known)")
        }
        return kind
    }
}

/// Prints `cardstack: <error>` on stderr and gives the exit code 1.
func fail(_ error: any Error) -> ExitCode {
    // Already said (``writeAll(_:to:name:)``): only the code is left to give.
    if let code = error as? ExitCode { return code }
    printError("cardstack: \(error)")
    return ExitCode(1)
}

func printJSON(_ value: some Encodable, pretty: Bool) throws {
    if pretty {
        try StandardOutput.write(try PrettyJSON.encode(value))
    } else {
        try StandardOutput.write(String(decoding: try WireJSON.encode(value), as: UTF8.self))
    }
}

/// One line on standard error.
func printError(_ line: String) {
    // One message, one line: text from a file or the daemon cannot drive the terminal.
    let bytes = Array((TerminalText.escaped(line) + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
