import CardStackProtocol
import CardStackWire
import NIOConcurrencyHelpers

/// The last device trace an app sent (`POST /trace`), kept for the page (`GET /trace`): JSON
/// lines of `{"time": T, "duration": D, "offset": X}`, one presented frame each (docs/tuning.md,
/// "Device traces"). Only the newest is kept; each is checked before it replaces the one held.
final class TraceStore: Sendable {
    /// The largest trace taken, bytes: what one connection may already make the bridge hold
    /// for a daemon (``BridgeLimits/pendingBytes``), about 30 s of frames at 120 Hz.
    static let maximumBytes = BridgeLimits.pendingBytes
    /// The longest line, bytes (as `cardstack verify --device` reads them).
    static let maximumLineBytes = 1024

    private let last = NIOLockedValueBox<[UInt8]?>(nil)

    /// The trace held, if any.
    var trace: [UInt8]? { last.withLockedValue { $0 } }

    /// Checks `body` and keeps it: the number of frames, or why it is not a trace (which line).
    func take(_ body: [UInt8]) -> Result<Int, TraceRefusal> {
        switch Self.check(body) {
        case .success(let frames):
            last.withLockedValue { $0 = body }
            return .success(frames)
        case .failure(let why):
            return .failure(why)
        }
    }

    /// Why a body is not a trace.
    struct TraceRefusal: Error, Equatable {
        var message: String
    }

    /// The frames of `body` when every line is a presented frame: UTF-8, each non-blank line at
    /// most ``maximumLineBytes`` bytes and an object with finite numbers `time`, `duration`
    /// (above 0) and `offset`, times strictly increasing, at least 2 frames.
    static func check(_ body: [UInt8]) -> Result<Int, TraceRefusal> {
        func fail(_ line: Int?, _ message: String) -> Result<Int, TraceRefusal> {
            .failure(TraceRefusal(message: line.map { "line \($0): \(message)" } ?? message))
        }
        guard body.count <= maximumBytes else {
            return fail(nil, "a trace is at most \(maximumBytes) bytes; send a shorter stretch")
        }
        guard BridgeLimits.isUTF8(body) else { return fail(nil, "a trace is UTF-8 text") }
        var frames = 0
        var previous = -Double.infinity
        for (index, line) in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard line.contains(where: { !PageHandler.isBlank($0) }) else { continue }
            guard line.count <= maximumLineBytes else {
                return fail(number, "longer than \(maximumLineBytes) bytes")
            }
            guard let value = try? JSONParser.parse(line), case .object = value else {
                return fail(number, "not a JSON object {\"time\": T, \"duration\": D, \"offset\": X}")
            }
            var numbers: [Double] = []
            for key in ["time", "duration", "offset"] {
                switch value[key] {
                case .number(let x)? where x.isFinite: numbers.append(x)
                case .integer(let x)?: numbers.append(Double(x))
                default: return fail(number, "\"\(key)\" must be a finite number")
                }
            }
            guard numbers[1] > 0 else { return fail(number, "\"duration\" must be above 0 s") }
            guard numbers[0] > previous else { return fail(number, "\"time\" must be after the line before's") }
            previous = numbers[0]
            frames += 1
        }
        guard frames >= 2 else { return fail(nil, "a trace holds at least 2 frames") }
        return .success(frames)
    }
}
