import CardStackTestSupport
import Testing

@testable import CardStackLive

/// The daemon's clock from round trips (docs/live.md, "The daemon's clock").
@Suite struct LiveClockTests {
    /// daemon time − local time: the phone's clock and the daemon's uptime are seconds apart.
    let truth = -4962.875

    /// A round trip sent at local `sent`, `up` seconds to the daemon (which reads its clock on
    /// arrival) and `down` back.
    func trip(_ clock: inout LiveClock, sent: Double, up: Double, down: Double) -> LiveClockEstimate? {
        clock.roundTrip(sent: sent, daemonTime: sent + up + truth, received: sent + up + down)
    }

    @Test func symmetricDelaysGiveTheOffsetAndHalfTheShortestRoundTrip() throws {
        var clock = LiveClock()
        #expect(clock.estimate == nil && clock.daemonTime(atLocal: 1) == nil)
        // Tens of milliseconds each way, the same both ways.
        let delays = [0.03125, 0.046875, 0.015625, 0.0234375, 0.0390625]
        for (i, d) in delays.enumerated() {
            _ = trip(&clock, sent: 5000 + 0.25 * Double(i), up: d, down: d)
        }
        let estimate = try #require(clock.estimate)
        #expect(abs(estimate.offset - truth) <= 1e-12)
        #expect(estimate.uncertainty == 0.015625 && estimate.roundTrip == 0.03125)
        #expect(estimate.samples == delays.count)
        #expect(clock.daemonTime(atLocal: 5010) == 5010 + estimate.offset)
    }

    /// Delays drawn alike both ways (20 to 60 ms, jitter included) but not equal on each
    /// trip: every estimate is within its stated uncertainty of the truth, and the
    /// uncertainty falls to half the shortest round trip of the window.
    @Test func randomDelaysStayWithinTheStatedUncertainty() throws {
        var random = SplitMix64(seed: 47)
        var clock = LiveClock()
        var shortest: [Double] = []
        for i in 0..<40 {
            let up = 0.02 + Double.random(in: 0..<0.04, using: &random)
            let down = 0.02 + Double.random(in: 0..<0.04, using: &random)
            let estimate = try #require(trip(&clock, sent: 100 + Double(i), up: up, down: down))
            #expect(abs(estimate.offset - truth) <= estimate.uncertainty + 1e-12)
            shortest.append(up + down)
            let window = shortest.suffix(LiveClock.window)
            #expect(abs(estimate.roundTrip - window.min()!) <= 1e-12)
            #expect(estimate.uncertainty == estimate.roundTrip / 2)
        }
    }

    /// The bound is honest, not hopeful: all the delay on the way there (or back) puts the
    /// estimate exactly half the round trip off, which is what it reports; 40 ms there and
    /// 10 ms back puts it 15 ms off, within the 25 ms reported.
    @Test func asymmetricDelaysAreBoundedByHalfTheRoundTrip() throws {
        var there = LiveClock()
        let a = try #require(trip(&there, sent: 10, up: 0.0625, down: 0))
        #expect(a.offset - truth == a.uncertainty && a.uncertainty == 0.03125)
        var back = LiveClock()
        let b = try #require(trip(&back, sent: 10, up: 0, down: 0.0625))
        #expect(truth - b.offset == b.uncertainty)
        var split = LiveClock()
        let c = try #require(trip(&split, sent: 10, up: 0.04, down: 0.01))
        #expect(abs((c.offset - truth) - 0.015) <= 1e-12 && abs(c.uncertainty - 0.025) <= 1e-12)
    }

    /// The shortest of the last ``LiveClock/window`` round trips counts: an old short one
    /// leaves the window; a sample that cannot be one is ignored.
    @Test func theWindowKeepsTheShortestOfTheLatest() throws {
        var clock = LiveClock()
        _ = trip(&clock, sent: 0, up: 0.005, down: 0.005)
        for i in 1...LiveClock.window - 1 {
            #expect(trip(&clock, sent: Double(i), up: 0.03, down: 0.03)?.roundTrip == 0.01)
        }
        #expect(trip(&clock, sent: 100, up: 0.03125, down: 0.015625)?.roundTrip == 0.046875)
        let before = clock.estimate
        #expect(clock.roundTrip(sent: 5, daemonTime: 1, received: 4) == before)
        #expect(clock.roundTrip(sent: 5, daemonTime: .nan, received: 6) == before)
        #expect(clock.estimate?.samples == LiveClock.window + 1)
    }

    /// Five round trips at once when a stream opens, then one every interval (10 s by
    /// default, never under 0.1 s).
    @Test func theRoundTripsSchedule() {
        #expect(LiveClock.roundTrips == 5 && LiveFollower.Options().clockInterval == 10)
        for trips in 0..<LiveClock.roundTrips {
            #expect(LiveClock.pause(after: trips, interval: 10) == 0)
        }
        #expect(LiveClock.pause(after: 5, interval: 10) == 10)
        #expect(LiveClock.pause(after: 9, interval: 0) == LiveClock.minimumInterval)
        #expect(LiveClock.minimumInterval == 0.1 && LiveClock.window == 8)
    }
}
