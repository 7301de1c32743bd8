import Testing

@testable import CardLayout

/// The moves the daemon and an exported app share: `Motion.step`, `Motion.fling`,
/// `Motion.end` and `Layout.stepTarget`.
@Suite struct MotionMovesTests {
    func animation(spring: Spring? = nil, curve: TimingCurve = .decelerate, slowdown: Double = 1)
        -> Parameters.Animation
    {
        var a = Parameters.Animation()
        a.spring = spring
        a.curve = curve
        a.slowdown = slowdown
        a.duration = 0.4
        return a
    }

    @Test func aCurveEndsAtItsDurationTimesTheSlowdown() {
        let move = Motion.step(from: 0, to: 30, animation: animation(curve: .easeIn, slowdown: 3))
        #expect(move.end == 0.4 * 3)
        #expect(move.isFinished(at: move.end) && !move.isFinished(at: move.end.nextDown))
    }

    @Test(arguments: [(0.5, 0.4, 0.0), (1.0, 0.3, 0.0), (1.6, 0.5, 0.0), (0.3, 0.35, 900.0)])
    func aSpringEndsTheFirstMomentItIsAtRest(ratio: Double, response: Double, velocity: Double) {
        let spring = Spring(dampingRatio: ratio, response: response)
        for slowdown in [1.0, 4.0] {
            let move = Motion.step(
                from: 0, to: 30, velocity: velocity, animation: animation(spring: spring, slowdown: slowdown))
            let end = move.end
            #expect(move.isFinished(at: end))
            #expect(!move.isFinished(at: end - 2e-9))
            // Not at rest at any millisecond before.
            var t = 0.0
            while t < end - 0.001 * slowdown {
                #expect(!move.isFinished(at: t))
                t += 0.001 * slowdown
            }
        }
    }

    @Test func aFlingDeceleratesUnlessASpringSnapsIt() {
        let plain = Motion.fling(from: 0, to: 300, velocity: 1500, animation: animation(slowdown: 2))
        #expect(plain.spring == nil && plain.slowdown == 2)
        #expect(
            plain
                == {
                    var m = Motion.fling(from: 0, to: 300, deceleration: 0.998)
                    m.slowdown = 2
                    return m
                }())
        let sprung = Motion.fling(
            from: 0, to: 300, velocity: 1500, animation: animation(spring: Spring(dampingRatio: 0.7, response: 0.3)))
        #expect(sprung.spring != nil && sprung.velocity == 1500)
        var noSnap = animation(spring: Spring(dampingRatio: 0.7, response: 0.3))
        noSnap.snap = false
        #expect(Motion.fling(from: 0, to: 300, velocity: 1500, animation: noSnap).spring == nil)
    }

    @Test func stepTargetsSnapThenStepAndStayInADeckThatDoesNotWrap() {
        var p = Parameters()
        p.layout.spacing = 30
        p.layout.cards = 5
        p.layout.wrap = true
        #expect(Layout.stepTarget(from: 44, steps: 1, p) == 60)
        #expect(Layout.stepTarget(from: 0, steps: -1, p) == -30)
        #expect(Layout.stepTarget(from: 120, steps: 2, p) == 180)
        p.layout.wrap = false
        #expect(Layout.stepTarget(from: 0, steps: -1, p) == 0)
        #expect(Layout.stepTarget(from: 120, steps: 1, p) == 120)
    }
}
