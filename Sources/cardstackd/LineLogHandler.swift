import CardStackProtocol
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// One line per event on stderr, control characters escaped (``TerminalText``). Under journald (`JOURNAL_STREAM` set) each line starts
/// with its syslog priority (`<3>`) and carries no timestamp or colour, so `journalctl`
/// shows levels correctly; elsewhere it reads `cardstackd: warning: ...`.
struct LineLogHandler: LogHandler {
    let label: String
    let journald: Bool
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let tail =
            all.isEmpty
            ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        // One event, one line, and nothing from a file or a peer drives the terminal.
        let text = TerminalText.escaped("\(event.message)\(tail)")
        let line = journald ? "<\(Self.priority(event.level))>\(text)\n" : "\(label): \(event.level): \(text)\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// syslog priorities, as sd-daemon(3) prefixes them.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
