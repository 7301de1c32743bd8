import CardLayout
import Foundation

/// A recording made by `cardstack record`, read as a golden: the parameters it was made
/// with (its first line, by revision) and every frame with its time and, while a move ran,
/// how that move began (docs/tuning.md, "Golden recordings").
///
/// ```swift
/// // `resources: [.copy("Golden")]` keeps the folder: name it.
/// let url = try #require(Bundle.module.url(forResource: "next", withExtension: "jsonl", subdirectory: "Golden"))
/// let golden = try GoldenRecording(contentsOf: url)
/// let report = golden.checkLayout { offset in MyLayout.cards(offset: offset).map(GoldenCard.init) }
/// XCTAssertGolden(report)
/// ```
public struct GoldenRecording: Sendable {
    /// The newest protocol this library reads (docs/protocol.md).
    public static let protocolVersion = 1

    /// One recorded frame.
    public struct RecordedFrame: Sendable {
        /// 1-based among the recording's frames.
        public var number: Int
        /// The line of the file it is on, 1-based.
        public var line: Int
        public var seq: Int
        public var revision: Int
        /// The daemon's clock, seconds.
        public var time: Double
        public var frame: Frame
        /// The move this frame is a point of, when one ran.
        public var motion: MotionStart?
        /// The scroll state the daemon laid the frame out with.
        public var context: ScrollContext
    }

    /// Where the recording came from, for messages (a file name).
    public var source: String
    /// The parameters in force, by revision (the first is the recording's header).
    public var parameters: [Int: Parameters]
    public var frames: [RecordedFrame]

    /// The parameters `frame` was computed with.
    public func parameters(of frame: RecordedFrame) -> Parameters {
        parameters[frame.revision]!
    }

    /// Reads a golden from a file.
    public init(contentsOf url: URL) throws(GoldenError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GoldenError(source: url.path, line: nil, message: "cannot read it: \(error.localizedDescription)")
        }
        try self.init(jsonLines: data, source: url.lastPathComponent)
    }

    /// Reads a golden from its JSON lines.
    ///
    /// - Throws: ``GoldenError`` naming the line: not JSON, cut short, not a cardstack
    ///   event, from a newer protocol, a frame without parameters; or no frames at all.
    public init(jsonLines data: Data, source: String) throws(GoldenError) {
        self.source = source
        parameters = [:]
        frames = []
        let decoder = JSONDecoder()
        let bytes = [UInt8](data)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = bytes.last == UInt8(ascii: "\n")
        var sawEvent = false
        var sawOther = false  // an event neither params nor frame
        for (index, line) in lines.enumerated() {
            let number = index + 1
            func fail(_ message: String) -> GoldenError { GoldenError(source: source, line: number, message: message) }
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
            let lineData = Data(line)
            let probe: EventProbe
            do {
                probe = try decoder.decode(EventProbe.self, from: lineData)
            } catch DecodingError.dataCorrupted where index == lines.count - 1 && !endsWithNewline {
                throw fail(
                    "the recording is cut short: its last line ends in the middle of an event (the file was "
                        + "truncated, or copied while `cardstack record` wrote it); record the golden again")
            } catch DecodingError.dataCorrupted {
                throw fail("not JSON: a recording holds one JSON object per line")
            } catch {
                throw fail("not a cardstack event: a JSON object with an \"event\" name")
            }
            guard let event = probe.event else {
                throw fail("not a cardstack event: a JSON object with an \"event\" name")
            }
            sawEvent = true
            if let version = probe.protocol, version > Self.protocolVersion {
                throw fail(
                    "recorded with protocol \(version); this build reads protocol \(Self.protocolVersion) "
                        + "(update cardstack or CardStackKit)")
            }
            do {
                switch event {
                case "params":
                    let header = try decoder.decode(ParamsLine.self, from: lineData)
                    parameters[header.revision] = header.params
                case "frame":
                    let f = try decoder.decode(FrameLine.self, from: lineData)
                    guard let time = f.time else { throw fail("a frame event without its \"time\"") }
                    guard parameters[f.revision] != nil else {
                        throw fail(
                            parameters.isEmpty
                                ? "a frame before any params event: a golden starts with the parameters "
                                    + "(`cardstack record` writes them first; keep --events params)"
                                : "a frame of revision \(f.revision), but no params event of that revision came before it"
                        )
                    }
                    let context = ScrollContext(coverFlowToggle: f.coverflowToggle, switcherCurrent: f.switcherCurrent)
                    frames.append(
                        RecordedFrame(
                            number: frames.count + 1, line: number, seq: f.seq, revision: f.revision, time: time,
                            frame: f.frame, motion: f.motion, context: context))
                default:
                    sawOther = true
                    continue
                }
            } catch let error as GoldenError {
                throw error
            } catch {
                throw fail("a \(event) event that does not read: \(Self.describe(error))")
            }
        }
        guard sawEvent else {
            throw GoldenError(
                source: source, line: nil,
                message: "the recording is empty: no events (what is left when a recording never started); "
                    + "record the golden again with `cardstack record FILE` while the daemon runs")
        }
        guard !frames.isEmpty else {
            throw GoldenError(
                source: source, line: nil,
                message: sawOther
                    ? "the recording has no frame events: its events are of other kinds (recorded with --events "
                        + "without frame); record it with `cardstack record FILE --events frame,params`"
                    : "the recording has no frame events: it holds only the parameters (it ended before the "
                        + "daemon sent a frame, or was recorded with --events params); record it again with "
                        + "`cardstack record FILE` while the daemon runs")
        }
    }

    /// A decoding error in a sentence: the key it is about and what was wrong.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "no \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }
}

/// Just enough of a line to tell what it is.
private struct EventProbe: Decodable {
    var event: String?
    var `protocol`: Int?
}

private struct ParamsLine: Decodable {
    var revision: Int
    var params: Parameters
}

private struct FrameLine: Decodable {
    var seq: Int
    var revision: Int
    var time: Double?
    var frame: Frame
    var motion: MotionStart?
    var coverflowToggle: Double?
    var switcherCurrent: Int?

    enum CodingKeys: String, CodingKey {
        case seq, revision, time, frame, motion
        case coverflowToggle = "coverflow_toggle"
        case switcherCurrent = "switcher_current"
    }
}

/// A golden that cannot be used: which file, which line and why.
public struct GoldenError: Error, Sendable, Equatable, CustomStringConvertible {
    public var source: String
    public var line: Int?
    public var message: String

    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(source): line \($0): \(message)" } ?? "\(source): \(message)"
    }
}
