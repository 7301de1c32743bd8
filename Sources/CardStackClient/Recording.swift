import CardStackProtocol
import CardStackSystem
import CardStackWire

/// A recording made by `cardstack record`: the daemon's events in order, each with its
/// `time` (the daemon's clock, seconds).
public struct Recording: Sendable {
    public struct Entry: Sendable {
        public var time: Double
        public var message: ServerMessage
        /// The entry's line in the file (1 is the first).
        public var line: Int
    }

    public var entries: [Entry]

    /// Reads JSON lines; blank lines are skipped.
    ///
    /// - Throws: ``RecordingError`` naming the first line that is not an event with a time,
    ///   or whose time or frame has a number out of range (``FrameCheck``).
    public init(lines text: [UInt8]) throws(RecordingError) {
        entries = []
        var number = 0
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
            guard let value = try? JSONParser.parse(line), let time = value["time"]?.double else {
                throw RecordingError(
                    line: number, message: "not an event with a \"time\" (record one with `cardstack record FILE`)")
            }
            if let why = FrameCheck.timeProblem(time) { throw RecordingError(line: number, message: why) }
            guard let message = try? WireJSON.decode(ServerMessage.self, from: Array(line)) else {
                throw RecordingError(line: number, message: "not a cardstack event")
            }
            if case .frame(let event) = message, let why = FrameCheck.problem(in: event.frame) {
                throw RecordingError(line: number, message: "frame.\(why)")
            }
            entries.append(Entry(time: time, message: message, line: number))
        }
        guard entries.contains(where: { if case .frame = $0.message { true } else { false } }) else {
            throw RecordingError(line: nil, message: "the recording has no frame events (record with --events frame,…)")
        }
        // Frames keep their order; a late line with an earlier time plays at its place.
        var latest = -Double.infinity
        for i in entries.indices {
            latest = max(latest, entries[i].time)
            entries[i].time = latest
        }
    }
}

extension Recording {
    /// The largest recording read from a file: 256 MiB (a render's 36,000 frames of a
    /// dozen cards take about 100 MiB).
    public static let maximumBytes = 256 << 20

    /// The bytes of the recording (or golden) at `path`, read by ``InputFile``: opened
    /// without blocking, a regular file only (not a FIFO or a device such as /dev/zero), at
    /// most ``maximumBytes``.
    public static func bytes(of path: String, limit: Int = maximumBytes) throws(RecordingError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: limit)
        } catch {
            var message = error.description
            if error.kind == .tooLarge {
                message += " of a recording: record a shorter one (cardstack record --seconds)"
            }
            throw RecordingError(line: nil, message: message)
        }
    }
}

/// A recording that cannot be played: where and why.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    public var line: Int?
    public var message: String

    public var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}
