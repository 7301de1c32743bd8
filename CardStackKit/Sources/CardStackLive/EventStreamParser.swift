/// Splits a `text/event-stream` body (the HTML standard's Server-Sent Events) into the data of
/// each event, as bytes arrive in any pieces. A plain value: bytes in, messages out.
///
/// Only `data:` fields matter here (`cardstack web` sends one JSON line per event); comments
/// (`:` lines, the bridge's keep-alives) and other fields are skipped. Lines end in LF, CRLF
/// or CR.
public struct EventStreamParser: Sendable {
    /// A line longer than this ends the stream with an error (the daemon's longest line).
    public static let maximumLineBytes = 16 << 20

    public struct LineTooLong: Error, Sendable, CustomStringConvertible {
        public var description: String {
            "an event-stream line longer than \(EventStreamParser.maximumLineBytes) bytes"
        }
    }

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var lastWasCR = false

    public init() {}

    /// Takes the next bytes; returns the data of every event they complete.
    public mutating func take(_ bytes: some Sequence<UInt8>) throws(LineTooLong) -> [String] {
        var events: [String] = []
        for byte in bytes {
            if lastWasCR {
                lastWasCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                lastWasCR = byte == 0x0D
                if let event = endLine() { events.append(event) }
            default:
                guard line.count < Self.maximumLineBytes else { throw LineTooLong() }
                line.append(byte)
            }
        }
        return events
    }

    /// One line is complete: a blank line ends an event.
    private mutating func endLine() -> String? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            guard hasData else { return nil }
            let event = String(decoding: data, as: UTF8.self)
            data.removeAll(keepingCapacity: true)
            hasData = false
            return event
        }
        guard line.starts(with: Array("data".utf8)) else { return nil }
        var value = line.dropFirst(4)
        if let colon = value.first {
            guard colon == UInt8(ascii: ":") else { return nil }  // a field named data…, not data
            value = value.dropFirst()
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        }
        if hasData { data.append(0x0A) }
        data.append(contentsOf: value)
        hasData = true
        return nil
    }
}
