import RealModule
import Testing

@testable import CardLayout

/// UIScrollView's throw: its decay from exactly the release velocity, landing on the snapped
/// target at rest.
@Suite struct ScrollViewThrowTests {
    /// A long deck so the throws meet no edge.
    let long = deck(.scrollView, cards: 1000)

    @Test func theDecayIsUIScrollViewsClosedForm() {
        let piece = ScrollMotion.Piece.decay(from: 12, velocity: 2000, rate: k998, duration: 3)
        for i in 0...300 {
            let t = Double(i) / 100
            let v = 2000 * Double.pow(0.998, 1000 * t)
            #expect(close(piece.state(at: t).v, v))
            #expect(close(piece.state(at: t).x, 12 + (2000 - v) / k998))
        }
    }

    @Test(arguments: [300.0, 2000, 6000, -300, -2000, -6000])
    func aThrowLandsAtRestOnTheSnappedTarget(velocity: Double) {
        let from = 15_000.0 + 7
        let m = ScrollView.release(from: from, velocity: velocity, long)
        let target = Layout.flingTarget(from: from, velocity: velocity, long)
        #expect(m.to == target)
        #expect(target.truncatingRemainder(dividingBy: 30) == 0)
        #expect(m.state(at: 0).x == from && m.state(at: 0).v == velocity, "from the finger, at its speed")
        #expect(isContinuous(m))
        #expect(m.position(at: m.end) == target && m.velocity(at: m.end) == 0)
        #expect(abs(m.velocity(at: m.end.nextDown)) < 1e-6 * abs(velocity), "at rest as it lands")
        let x = frames(m)
        let steps = zip(x.dropFirst(), x).map { ($0 - $1) * 60 }
        #expect(steps.allSatisfy { $0 * velocity >= 0 }, "never turns back")
        #expect(abs(steps[0] - velocity) <= 0.02 * abs(velocity), "first interval \(steps[0])")
        let peak = steps.map(abs).max() ?? 0
        #expect(abs(steps.last { $0 != 0 } ?? 0) <= 0.02 * peak, "last moving interval")
    }

    @Test func aTypicalThrowIsTheExactDecayThenItsLanding() {
        // 2000 pt/s coasts 998 pt: snapped to 990, q = 990·k/2000 = 0.991.
        let m = ScrollView.release(from: 0, velocity: 2000, long)
        guard case .decay(let x0, let v0, let k, let t) = m.pieces.first, m.pieces.count == 2 else {
            Issue.record("\(m.pieces)")
            return
        }
        #expect(x0 == 0 && v0 == 2000 && k == k998)
        let vs = 2 * (2000 - 990 * k998)
        #expect(close(t, Double.log(2000 / vs) / k998))
        #expect(close(m.pieces[1].duration, 1 / k998), "the landing takes 1/k")
        // docs/layouts.md §8.1's example: 2.0 s of decay down to 36 pt/s, landing 0.5 s later.
        #expect(abs(t - 2.006) < 0.001 && abs(vs - 36.04) < 0.01 && abs(1 / k998 - 0.4995) < 1e-4)
        for i in 0...Int(t * 100) {
            let time = Double(i) / 100
            #expect(close(m.position(at: time), 2000 * (1 - Double.pow(0.998, 1000 * time)) / k998))
        }
    }

    /// `q` = the share of the decay's reach v/k the target asks for, at each threshold.
    func landing(q: Double, v: Double = 1000) -> [ScrollMotion.Piece] {
        ScrollView.landing(from: 0, velocity: v, to: q * v / k998, long)
    }

    @Test func theLandingRulesAtTheirThresholds() {
        #expect(landing(q: 0.5).count == 1, "half the reach: brakes from v")
        if case .brake(_, let to, let v) = landing(q: 0.5)[0] { #expect(to == 0.5 * 1000 / k998 && v == 1000) }
        #expect(close(landing(q: 0.5)[0].duration, 2 * 0.5 / k998))
        let above = landing(q: 0.5 + 1e-9)
        #expect(above.count == 2, "just above: the decay, then the landing")
        for q in [0.6, 0.9, ScrollView.fullReach] {
            guard case .decay(_, _, let k, _) = landing(q: q)[0] else { continue }
            #expect(k == k998, "UIScrollView's own constant at q = \(q)")
        }
        for q in [ScrollView.fullReach + 1e-9, 1.5, 2] {
            guard case .decay(_, _, let k, let t) = landing(q: q)[0] else {
                Issue.record("q \(q)")
                continue
            }
            #expect(close(k, k998 * ScrollView.fullReach / q), "slowed decay at q = \(q)")
            let vs = landing(q: q)[0].state(at: t).v
            #expect(close(vs, 1000 * Motion.flingEndSpeed), "hands over at 1 %")
        }
        if case .spring = landing(q: 2 + 1e-9)[0] {} else { Issue.record("beyond twice the reach: the spring") }
        if case .spring = landing(q: -0.5)[0] {} else { Issue.record("behind: the spring") }
        #expect(landing(q: 0, v: 0).isEmpty, "at rest on the target: nothing")
        for q in [0.25, 0.5, 0.7, 0.99, 1.2, 2, 3, -1] {
            let m = ScrollMotion(landing(q: q))
            #expect(isContinuous(m))
            #expect(m.state(at: 0).v == 1000)
            #expect(m.to == q * 1000 / k998 && m.velocity(at: m.end) == 0)
            let x = frames(m, fps: 1000)
            let to = q * 1000 / k998
            #expect(x.allSatisfy { q > 0 ? $0 <= to + 1e-9 : true }, "never past the target at q \(q)")
        }
    }

    @Test func pagingMovesOneCardPerThrow() {
        let p = deck(.scrollView, cards: 1000) { $0.scroll.paging = true }
        for (from, v, to) in [
            (300.0, 6000.0, 330.0), (300, -6000, 270), (310, 300, 330), (310, -300, 300), (310, 0, 300),
        ] {
            let m = ScrollView.release(from: from, velocity: v, p)
            #expect(m.to == to, "\(from) at \(v)")
            #expect(m.state(at: 0).v == v && isContinuous(m))
        }
    }

    @Test func aWrappingDeckThrowsPastZeroWithNoEdge() {
        let p = deck(.scrollView, wrap: true)
        let m = ScrollView.release(from: 60, velocity: -2000, p)
        #expect(m.to == Layout.flingTarget(from: 60, velocity: -2000, p))
        #expect((m.to ?? 0) < 0 && !m.pieces.contains { if case .spring = $0 { true } else { false } })
    }
}
