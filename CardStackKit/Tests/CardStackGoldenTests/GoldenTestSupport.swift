import CardLayout
import Foundation

@testable import CardStackGolden

/// Golden recordings written here as `cardstack record` writes them: a params header, then
/// one frame event per tick of a `next` (and optionally a fling), with their `motion`.
enum GoldenFixture {
    struct Header: Encodable {
        var event = "params"
        var revision = 1
        var source = "file"
        var params: Parameters
        var time = 0.5
        var `protocol` = 1
    }

    struct FrameLine: Encodable {
        var event = "frame"
        var seq: Int
        var revision = 1
        var frame: Frame
        var time: Double
        var motion: MotionStart?
    }

    /// The parameters of the recordings: the defaults.
    static let parameters = Parameters()

    /// A `next` from 0 to 30 starting at t = 1 s, at 60 frames a second until it lands,
    /// then a fling at 2000 pt/s: each frame computed by this build.
    static func lines(_ parameters: Parameters = parameters, protocol version: Int = 1) -> String {
        let encoder = JSONEncoder()
        func line(_ value: some Encodable) -> String { String(decoding: try! encoder.encode(value), as: UTF8.self) }
        var header = Header(params: parameters)
        header.protocol = version
        var out = [line(header)]
        var seq = 0
        var time = 1.0
        func move(_ start: MotionStart) {
            let motion = start.motion(parameters)
            let begin = time
            while true {
                seq += 1
                let offset = start.offset(at: time, parameters)
                let frame = Layout.frame(parameters, offset: offset)
                out.append(line(FrameLine(seq: seq, frame: frame, time: time, motion: start)))
                if motion.isFinished(at: time - begin) { break }
                time += 1.0 / 60
            }
            time += 0.5
        }
        move(MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: time))
        move(MotionStart(kind: .fling, from: 30, to: 0, velocity: 2000, start: time))
        return out.joined(separator: "\n") + "\n"
    }

    static func golden(_ text: String, source: String = "next.jsonl") throws(GoldenError) -> GoldenRecording {
        try GoldenRecording(jsonLines: Data(text.utf8), source: source)
    }

    /// The error `text` gives, or nil when it reads.
    static func error(_ text: String) -> GoldenError? {
        do {
            _ = try golden(text, source: "bad.jsonl")
            return nil
        } catch {
            return error
        }
    }
}
