import CardStackGolden
import Foundation
import Testing

@testable import CardStackLive

/// ``LiveTrace``: the frames a display drew, on the daemon's clock, as `verify --device` and the
/// bridge's `POST /trace` read them.
@Suite struct LiveTraceTests {
    static let clock = LiveClockEstimate(offset: -4962.875, uncertainty: 0.002, roundTrip: 0.004, samples: 5)

    @Test func framesAreKeptOnTheDaemonsClockOnceItIsKnown() {
        var trace = LiveTrace()
        let beforeTheClock = trace.record(targetTimestamp: 5000, duration: 1.0 / 120, offset: 1, clock: nil)
        #expect(!beforeTheClock)
        var expected: [Double] = []
        for i in 0..<4 {
            let target = 5000 + Double(i) / 120
            let kept = trace.record(targetTimestamp: target, duration: 1.0 / 120, offset: Double(i), clock: Self.clock)
            #expect(kept)
            expected.append(target + Self.clock.offset)
        }
        #expect(trace.frames.map(\.time) == expected)
        #expect(trace.frames.map(\.offset) == [0, 1, 2, 3])
        // A frame not after the last, or of no duration, is not kept.
        let again = trace.record(targetTimestamp: 5000, duration: 1.0 / 120, offset: 9, clock: Self.clock)
        let still = trace.record(targetTimestamp: 5001, duration: 0, offset: 9, clock: Self.clock)
        #expect(!again && !still)
        #expect(trace.frames.count == 4)
    }

    @Test func itsLinesAreATraceVerifyReadsBackExactly() throws {
        var trace = LiveTrace()
        for i in 0..<120 {
            trace.record(
                targetTimestamp: 5000.1 + Double(i) / 120, duration: 1.0 / 120, offset: 30 * Double(i) / 119,
                clock: Self.clock)
        }
        let read = try DeviceTrace(jsonLines: Data(trace.jsonLines.utf8), source: "trace")
        #expect(read.frames.map(\.time) == trace.frames.map(\.time))
        #expect(read.frames.map(\.duration) == trace.frames.map(\.duration))
        #expect(read.frames.map(\.offset) == trace.frames.map(\.offset))
    }

    @Test func atMostTwentySecondsAt120HzAreKeptWithinTheBridgesBound() throws {
        var trace = LiveTrace()
        for i in 0..<(LiveTrace.maximumFrames + 10) {
            trace.record(
                targetTimestamp: 123_456.789_012_345 + Double(i) / 120, duration: 1.0 / 120,
                offset: -12_345.678_901_234 + Double(i) / 7, clock: Self.clock)
        }
        #expect(trace.frames.count == LiveTrace.maximumFrames)
        #expect(trace.dropped == 10)
        #expect(trace.jsonLines.utf8.count <= 262_144)
    }
}
