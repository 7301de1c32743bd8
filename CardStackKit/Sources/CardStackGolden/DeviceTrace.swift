import Foundation

/// What a device drew, one presented frame a line: `{"time": T, "duration": D, "offset": X}`,
/// T the frame's target time on the daemon's clock (a display link's `targetTimestamp`
/// moved onto that clock), D how long it stayed on screen and X the offset it drew, in
/// points (docs/tuning.md, "Device traces"). `cardstack verify --device` holds it against a
/// golden recording of the same move.
///
/// ```swift
/// let trace = try DeviceTrace(jsonLines: data, source: "trace.jsonl")
/// let report = golden.check(device: trace)
/// print(report.hitchTimeRatio)  // ms of hitch per second of motion
/// ```
public struct DeviceTrace: Sendable {
    /// One presented frame.
    public struct Frame: Sendable, Equatable {
        /// Its target time on the daemon's clock, seconds.
        public var time: Double
        /// How long it stayed on screen, seconds.
        public var duration: Double
        /// The offset drawn, points.
        public var offset: Double
        /// The line of the trace it is on, 1-based (0 for a trace made in code).
        public var line: Int

        public init(time: Double, duration: Double, offset: Double, line: Int = 0) {
            self.time = time
            self.duration = duration
            self.offset = offset
            self.line = line
        }
    }

    /// The largest trace read, in bytes (8 MiB: over ten minutes of frames at 120 Hz).
    public static let maximumBytes = 8 << 20
    /// The longest line, in bytes.
    public static let maximumLineBytes = 1024
    /// The most frames a trace holds (about 14 minutes at 120 Hz).
    public static let maximumFrames = 100_000

    /// Where the trace came from, for messages (a file name).
    public var source: String
    /// The frames in the order presented, times strictly increasing.
    public var frames: [Frame]

    /// A trace made in code; `frames` must be as a read trace's are (at least two, times
    /// strictly increasing, durations above zero, every number finite).
    public init(frames: [Frame], source: String) throws(GoldenError) {
        self.source = source
        self.frames = []
        for frame in frames { try append(frame) }
        try finish()
    }

    /// Reads a trace from its JSON lines.
    ///
    /// - Throws: ``GoldenError`` naming the line: over the size, line or frame limits, not
    ///   JSON, a number missing or not finite, a duration not above zero, a time not after
    ///   the one before; or fewer than two frames.
    public init(jsonLines data: Data, source: String) throws(GoldenError) {
        self.source = source
        frames = []
        guard data.count <= Self.maximumBytes else {
            throw GoldenError(
                source: source, line: nil,
                message: "the trace is \(data.count) bytes; a trace holds at most \(Self.maximumBytes) bytes "
                    + "(8 MiB): record a shorter stretch, one move or a few")
        }
        let decoder = JSONDecoder()
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            func fail(_ message: String) -> GoldenError { GoldenError(source: source, line: number, message: message) }
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
            guard line.count <= Self.maximumLineBytes else {
                throw fail(
                    "the line is \(line.count) bytes; a trace's lines are at most \(Self.maximumLineBytes) "
                        + "(one {\"time\", \"duration\", \"offset\"} object each)")
            }
            guard frames.count < Self.maximumFrames else {
                throw fail("more than \(Self.maximumFrames) frames; record a shorter stretch")
            }
            let read: Line
            do {
                read = try decoder.decode(Line.self, from: Data(line))
            } catch DecodingError.dataCorrupted {
                throw fail("not JSON: a trace holds one {\"time\": T, \"duration\": D, \"offset\": X} object per line")
            } catch {
                throw fail(
                    "not a presented frame: \(GoldenRecording.describe(error)) "
                        + "(each line is {\"time\": T, \"duration\": D, \"offset\": X}, numbers)")
            }
            try append(Frame(time: read.time, duration: read.duration, offset: read.offset, line: number))
        }
        try finish()
    }

    /// Adds a frame after checking it against the one before.
    private mutating func append(_ frame: Frame) throws(GoldenError) {
        func fail(_ message: String) -> GoldenError { GoldenError(source: source, line: frame.line, message: message) }
        for (name, value) in [("time", frame.time), ("duration", frame.duration), ("offset", frame.offset)]
        where !value.isFinite {
            throw fail("its \(name) is \(value); every number in a trace is finite")
        }
        guard frame.duration > 0 else {
            throw fail("its duration is \(frame.duration) s; a presented frame stays on screen for more than 0 s")
        }
        if let last = frames.last, frame.time <= last.time {
            throw fail(
                "its time \(frame.time) is not after the frame before's (\(last.time)); a trace lists frames "
                    + "in the order presented, one per target time")
        }
        frames.append(frame)
    }

    private func finish() throws(GoldenError) {
        guard frames.count >= 2 else {
            throw GoldenError(
                source: source, line: nil,
                message: "the trace has \(frames.count) frame\(frames.count == 1 ? "" : "s"); it needs at least 2 "
                    + "to have a cadence")
        }
    }
}

private struct Line: Decodable {
    var time: Double
    var duration: Double
    var offset: Double
}
