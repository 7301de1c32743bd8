import ArgumentParser
import CardStackClient
import CardStackProtocol
import CardStackWire

#if canImport(Glibc)
    import Glibc
#endif

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the daemon's events as JSON lines until interrupted.",
        discussion: """
            Subscribes and copies every event line to stdout as the daemon sends it: frame, \
            params, config_error and state (or those named with --events). Ends with exit 0 on \
            Ctrl-C, or 1 when the daemon goes away.

            Example: cardstack watch --events params,config_error
            """)

    @Option(
        name: .long,
        help: ArgumentHelp("Comma-separated events: frame, params, config_error, state.", valueName: "events"))
    var events: String?

    @OptionGroup var connection: ConnectionOptions

    func kinds() throws -> [EventKind] { try eventKinds(events) }

    func validate() throws { _ = try kinds() }

    func run() throws {
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGPIPE, SIG_IGN)
        let daemon = try connection.connect()
        do {
            try daemon.send(Request(id: .string("watch"), .subscribe(try kinds())))
            while let line = try daemon.readLine(timeout: nil) {
                if let message = try? WireJSON.decode(ServerMessage.self, from: line) {
                    if case .reply(let reply) = message {
                        if let error = reply.error { throw ClientError.refused(error) }
                        continue
                    }
                    if case .bye(let reason) = message { throw ClientError.closed(reason) }
                }
                var out = line
                out.append(UInt8(ascii: "\n"))
                // A reader that went away ends the watch quietly; a full disk is an error.
                let n = out.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                if n < 0, errno == EPIPE { return }
                if n != out.count { try writeAll(Array(out[max(n, 0)...]), to: 1, name: "standard output") }
            }
        } catch {
            throw fail(error)
        }
    }
}
