import CardLayout
import Foundation
import Testing

@testable import CardStackGolden

/// Device traces (docs/tuning.md, "Device traces"): read with bounds, hitches counted as
/// Apple counts them, and held against the golden's motion exactly.
struct DeviceTraceTests {
    /// The fixture's `next` (0 → 30 from t = 1 s) as a device at `hz` draws it: each frame
    /// the motion at its target time, one refresh after the last; `drop` frames never shown.
    static func trace(hz: Double = 120, seconds: Double = 0.5, drop: Set<Int> = [], nudge: Double = 0) -> String {
        let start = MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: 1)
        let refresh = 1 / hz
        let count = Int((seconds * hz).rounded())
        var lines: [String] = []
        for k in 1...count where !drop.contains(k) {
            let time = 1 + Double(k) * refresh
            let offset = start.offset(at: time, GoldenFixture.parameters) + (k == count / 2 ? nudge : 0)
            lines.append("{\"time\": \(time), \"duration\": \(refresh), \"offset\": \(offset)}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func read(_ text: String) throws(GoldenError) -> DeviceTrace {
        try DeviceTrace(jsonLines: Data(text.utf8), source: "trace.jsonl")
    }

    @Test func aCleanTraceHasNoHitchAndFollowsTheMotionExactly() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        let report = golden.check(device: try Self.read(Self.trace()))
        #expect(report.passed, "\(report.message)")
        #expect(report.hitches.isEmpty && report.hitchTimeRatio == 0 && report.band == .good)
        #expect(report.largestDeviation <= 1e-9)
        #expect(abs(report.cadence - 1.0 / 120) < 1e-12 && report.frames == 60)
        // The first frame drawn is one refresh after the move's start.
        #expect(abs(report.startLatency! - 1.0 / 120) < 1e-9)
        #expect(report.message.hasPrefix("trace.jsonl against next.jsonl: clean"))
    }

    @Test func oneDroppedFrameAt120HzIsOneHitchOf8Point3Milliseconds() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        let trace = try Self.read(Self.trace(drop: [30]))
        #expect(trace.frames.count == 59)
        #expect(trace.hitches.count == 1)
        let hitch = try #require(trace.hitches.first)
        #expect(abs(hitch.milliseconds - 1000.0 / 120) < 1e-9)
        #expect(hitch.frame.line == 29)
        // Apple's formula: total hitch time (ms) over the seconds of motion.
        let span = (1 + 60.0 / 120 + 1.0 / 120) - (1 + 1.0 / 120)
        #expect(abs(trace.hitchTimeRatio - (1000.0 / 120) / span) < 1e-9)
        let report = golden.check(device: trace)
        #expect(!report.passed && report.band == .critical && report.largestDeviation <= 1e-9)
        #expect(report.message.hasPrefix("trace.jsonl against next.jsonl: 1 hitch\n"), "\(report.message)")
        #expect(report.message.contains("held the next back 8.3 ms"))
    }

    @Test func aFrameHeldTwoRefreshesIsTheSameHitch() throws {
        // The recorder wrote the frame's real time on screen rather than leaving a gap.
        var frames = try Self.read(Self.trace(drop: [30])).frames
        frames[28].duration = 2.0 / 120
        let trace = try DeviceTrace(frames: frames, source: "trace.jsonl")
        #expect(trace.hitches.count == 1)
        #expect(abs(trace.hitches[0].milliseconds - 1000.0 / 120) < 1e-9)
    }

    @Test func theBandsAreApples() {
        #expect(DeviceTrace.Band(ratio: 4.99) == .good)
        #expect(DeviceTrace.Band(ratio: 5) == .warning && DeviceTrace.Band(ratio: 9.99) == .warning)
        #expect(DeviceTrace.Band(ratio: 10) == .critical)
    }

    @Test func aDeviationPastTheToleranceFailsNamingTheFrame() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        let report = golden.check(device: try Self.read(Self.trace(nudge: 0.5)), tolerance: 0.01)
        #expect(!report.passed && report.hitches.isEmpty)
        #expect(abs(report.largestDeviation - 0.5) < 1e-9 && report.deviationFrame.line == 30)
        #expect(report.message.hasPrefix("trace.jsonl against next.jsonl: off the motion by 0.500 pt"))
    }

    @Test func theGoldensOffsetIsItsMotionExactlyBetweenFrames() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        let start = MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: 1)
        for t in stride(from: 1.0, through: 1.3, by: 0.0071) {
            #expect(golden.offset(at: t) == start.offset(at: t, GoldenFixture.parameters))
        }
        #expect(golden.offset(at: 0) == 0)
    }

    @Test func unusableTracesSayWhatAndWhere() throws {
        func message(_ text: String) -> String {
            do {
                _ = try Self.read(text)
                return "read"
            } catch { return error.description }
        }
        let good = "{\"time\": 1, \"duration\": 0.01, \"offset\": 0}\n"
        #expect(
            message(good + "{\"time\": 1.01, \"duration\": 0.01}\n")
                == "trace.jsonl: line 2: not a presented frame: no offset (each line is {\"time\": T, \"duration\": D, \"offset\": X}, numbers)"
        )
        #expect(message(good + "nope\n").hasPrefix("trace.jsonl: line 2: not JSON"))
        #expect(
            message(good + "{\"time\": 1, \"duration\": 0.01, \"offset\": 1}\n").hasPrefix(
                "trace.jsonl: line 2: its time 1.0 is not after"))
        #expect(
            message(good + "{\"time\": 2, \"duration\": 0, \"offset\": 1}\n").hasPrefix(
                "trace.jsonl: line 2: its duration is 0.0 s"))
        #expect(
            message(good + "{\"time\": 2, \"duration\": 0.01, \"offset\": 1e999}\n").hasPrefix("trace.jsonl: line 2:"))
        #expect(message(good) == "trace.jsonl: the trace has 1 frame; it needs at least 2 to have a cadence")
        #expect(message("") == "trace.jsonl: the trace has 0 frames; it needs at least 2 to have a cadence")
        let long =
            "{\"time\": 2, \"duration\": 0.01, \"offset\": 1, \"pad\": \"" + String(repeating: "x", count: 1024)
            + "\"}\n"
        #expect(message(good + long).hasPrefix("trace.jsonl: line 2: the line is 10"))
        let big = String(repeating: "\n", count: DeviceTrace.maximumBytes + 1)
        #expect(message(big).hasPrefix("trace.jsonl: the trace is 8388609 bytes; a trace holds at most 8388608 bytes"))
        var many = ""
        for k in 0...DeviceTrace.maximumFrames { many += "{\"time\":\(k),\"duration\":1,\"offset\":0}\n" }
        #expect(message(many) == "trace.jsonl: line 100001: more than 100000 frames; record a shorter stretch")
    }
}
