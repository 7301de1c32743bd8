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
    /// - Throws: ``RecordingError`` saying what is wrong with the file itself: empty, cut
    ///   short in its last line, a line that is not an event with a time, a time or frame with
    ///   a number out of range (``FrameCheck``), or no frame at all.
    public init(lines text: [UInt8]) throws(RecordingError) {
        entries = []
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t")]
        guard text.contains(where: { !blank.contains($0) }) else {
            throw RecordingError(
                line: nil,
                message: "the recording is empty: no events (what is left when a recording never started; "
                    + "record one with `cardstack record FILE` while the daemon runs)")
        }
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var number = 0
        for line in lines {
            number += 1
            guard line.contains(where: { !blank.contains($0) }) else { continue }
            guard let value = try? JSONParser.parse(line), let time = value["time"]?.double else {
                if number == lines.count, text.last != UInt8(ascii: "\n") {
                    throw RecordingError(
                        line: number,
                        message: "the recording is cut short: its last line ends in the middle of an event (the "
                            + "file was truncated, or copied while `cardstack record` wrote it); record it again, or "
                            + "delete that line to keep the events before it")
                }
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
            throw RecordingError(line: nil, message: Self.noFrames(entries))
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
    /// Why a recording of `entries` holds no frame: only the `params` line `cardstack record`
    /// writes first (it stopped before the daemon sent a frame), or `--events` left frames out.
    static func noFrames(_ entries: [Entry]) -> String {
        if entries.allSatisfy({ if case .params = $0.message { true } else { false } }) {
            return "the recording has no frame events: it holds only the parameters (it ended before the daemon "
                + "sent a frame, or was recorded with --events params); record it again with "
                + "`cardstack record FILE` while the daemon runs"
        }
        return "the recording has no frame events: its events are of other kinds (recorded with --events "
            + "without frame); record with `cardstack record FILE --events frame,params`"
    }

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
