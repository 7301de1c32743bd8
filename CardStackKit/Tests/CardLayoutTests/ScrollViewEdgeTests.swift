import RealModule
import Testing

@testable import CardLayout

/// UIScrollView at its edges: a release past one returns to it at rest without crossing it;
/// a throw into one runs past it and comes back.
@Suite struct ScrollViewEdgeTests {
    let p = deck(.scrollView)  // edges 0 and 300

    @Test(arguments: [(-40.0, 0.0), (-40, -500), (-40, 300), (-40, 5000), (340, 0), (340, 500), (340, -5000)])
    func aReleasePastAnEdgeReturnsToItNeverCrossingIt(from: Double, velocity: Double) {
        let m = ScrollView.release(from: from, velocity: velocity, p)
        let edge = from < 0 ? 0.0 : 300
        #expect(m.to == edge && m.velocity(at: m.end) == 0)
        #expect(m.state(at: 0).x == from)
        let limit = 10 * abs(from - edge)
        let heading = velocity * (from - edge) < 0
        #expect(m.state(at: 0).v == (heading && abs(velocity) > limit ? (velocity > 0 ? limit : -limit) : velocity))
        for x in frames(m, fps: 1000) { #expect(from < 0 ? x <= 0 : x >= 300, "crossed the edge: \(x)") }
        // The bounce spring: critically damped, ω = 10.
        let v = m.state(at: 0).v
        for t in [0.05, 0.1, 0.3] {
            let x0 = from - edge
            #expect(close(m.position(at: t), edge + Double.exp(-10 * t) * (x0 + (v + 10 * x0) * t)))
        }
    }

    @Test(arguments: [(60.0, -2000.0), (240, 2000), (60, -6000), (0, -300), (300, 800)])
    func aThrowIntoAnEdgeGoesPastAndComesBack(from: Double, velocity: Double) {
        let m = ScrollView.release(from: from, velocity: velocity, p)
        let edge = velocity < 0 ? 0.0 : 300
        #expect(m.to == edge && m.velocity(at: m.end) == 0 && isContinuous(m))
        #expect(m.state(at: 0).v == velocity)
        // The decay reaches the edge at t_c with e^(−k·t_c) = 1 − (edge − from)·k/v.
        let reach = (edge - from) * k998 / velocity
        let tc = -Double.log(1 - reach) / k998
        if tc > 0 {
            #expect(close(m.pieces[0].duration, tc))
            #expect(close(m.position(at: tc / 2), from + velocity * (1 - Double.exp(-k998 * tc / 2)) / k998))
        }
        let x = frames(m, fps: 1000)
        let far = velocity < 0 ? x.min() ?? 0 : (x.max() ?? 0) - 300
        #expect(abs(far) > 0.5, "it went past the edge")
        // Past the edge it is the spring from the edge at the speed it reached, v·t·e^(−ωt).
        let vc = velocity * (1 - reach)
        #expect(close(abs(far), abs(vc) / (10 * Double.exp(1)), 1e-3), "peak v/(ω·e)")
        let back = x.drop { velocity < 0 ? $0 >= 0 : $0 <= 300 }
        #expect(back.allSatisfy { velocity < 0 ? $0 <= 0 : $0 >= 300 }, "back without crossing")
    }

    @Test func withoutBouncesAThrowStopsOnTheEdge() {
        let walls = deck(.scrollView) { $0.scroll.bounces = false }
        for (from, v) in [(60.0, -2000.0), (240, 2000)] {
            let m = ScrollView.release(from: from, velocity: v, walls)
            let edge = v < 0 ? 0.0 : 300
            #expect(m.to == edge && isContinuous(m) && m.state(at: 0).v == v)
            #expect(frames(m, fps: 1000).allSatisfy { (0...300).contains($0) })
        }
    }

    @Test func pagingAtTheLastCardBouncesOnTheSpring() {
        let paged = deck(.scrollView) { $0.scroll.paging = true }
        let m = ScrollView.release(from: 300, velocity: 500, paged)
        #expect(m.to == 300)
        #expect((frames(m, fps: 1000).max() ?? 0) > 300)
    }

    @Test func aSpringInTheAnimationReplacesTheBounce() {
        let sprung = deck(.scrollView) { $0.animation.spring = Spring(dampingRatio: 0.5, response: 0.4) }
        let m = ScrollView.release(from: -40, velocity: 0, sprung)
        guard case .spring(let s, _, _, _, _) = m.pieces.first else {
            Issue.record("no spring")
            return
        }
        #expect(s == Spring(dampingRatio: 0.5, response: 0.4) && m.to == 0)
    }
}
