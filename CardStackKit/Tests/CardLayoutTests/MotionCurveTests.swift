import Foundation
import Testing

@testable import CardLayout

/// `animation.curve`, `spring` and `slowdown` as pure functions of time.
@Suite struct MotionCurveTests {
    /// The Bézier's y at time fraction x, by plain bisection on the Bernstein form.
    func reference(_ p: [Double], _ x: Double) -> Double {
        func b(_ s: Double, _ a: Double, _ c: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, p[0], p[2]) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, p[1], p[3])
    }

    @Test func namedCurvesAreCoreAnimationsControlPoints() {
        #expect(TimingCurve.easeIn.controlPoints == [0.42, 0, 1, 1])
        #expect(TimingCurve.easeOut.controlPoints == [0, 0, 0.58, 1])
        #expect(TimingCurve.easeInOut.controlPoints == [0.42, 0, 0.58, 1])
        #expect(TimingCurve.linear.controlPoints == [0, 0, 1, 1])
        #expect(TimingCurve.decelerate.controlPoints == nil)
        for name in TimingCurve.names { #expect(TimingCurve(name: name)?.name == name) }
        #expect(TimingCurve(name: "bounce") == nil)
    }

    @Test(arguments: [
        TimingCurve.easeIn, .easeOut, .easeInOut, .bezier(0.1, 0.7, 0.2, 1.3), .bezier(0.9, -0.5, 0.1, 1.5),
        .bezier(0, 0, 0, 1), .bezier(1, 0, 1, 1),
    ])
    func bezierMatchesItsClosedForm(curve: TimingCurve) {
        let p = curve.controlPoints!
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(curve.value(at: x) - reference(p, x)) < 1e-7, "x = \(x)")
        }
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1)
    }

    @Test func linearIsTheIdentity() {
        for i in 0...10 { #expect(TimingCurve.linear.value(at: Double(i) / 10) == Double(i) / 10) }
    }

    @Test func curvesShapeAStep() {
        var a = Parameters.Animation()
        a.curve = .easeInOut
        a.duration = 0.5
        let m = Motion(from: 0, to: 30, duration: a.duration, animation: a)
        #expect(m.position(at: 0) == 0)
        #expect(abs(m.position(at: 0.25) - 15) < 1e-9, "ease-in-out is symmetric")
        #expect(m.position(at: 0.1) < 0.1 / 0.5 * 30, "slow at first")
        #expect(m.position(at: 0.5) == 30 && m.isFinished(at: 0.5) && !m.isFinished(at: 0.4999))
    }

    @Test func theDefaultIsTheLandingCurve() {
        let a = Parameters.Animation()
        let new = Motion(from: 3, to: 30, duration: a.duration, animation: a)
        let old = Motion(from: 3, to: 30, duration: Motion.stepDuration, deceleration: 0.998)
        for i in 0...40 { #expect(new.position(at: Double(i) / 100) == old.position(at: Double(i) / 100)) }
    }

    @Test func slowdownStretchesTime() {
        var a = Parameters.Animation()
        a.curve = .linear
        a.slowdown = 4
        let m = Motion(from: 0, to: 30, duration: 0.3, animation: a)
        #expect(abs(m.position(at: 0.6) - 15) < 1e-9)
        #expect(!m.isFinished(at: 1.19) && m.isFinished(at: 1.2) && m.position(at: 1.2) == 30)
        var fling = Motion.fling(from: 0, to: 510, deceleration: 0.998)
        let normal = fling.position(at: 0.5)
        fling.slowdown = 2
        #expect(fling.position(at: 1.0) == normal && !fling.isFinished(at: 3.9) && fling.isFinished(at: 4))
    }

    @Test func anUnderdampedSpringFollowsItsClosedForm() {
        let spring = Spring(dampingRatio: 0.5, response: 0.35)
        var a = Parameters.Animation()
        a.spring = spring
        let m = Motion(from: 0, to: 30, duration: 0.3, animation: a)
        let z = 0.5
        let w = 2 * Double.pi / 0.35
        let wd = w * (1 - z * z).squareRoot()
        var peak = 0.0
        var t = 0.0
        while !m.isFinished(at: t) {
            let expected = 30 * (1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t)))
            #expect(abs(m.position(at: t) - expected) < 1e-9)
            peak = max(peak, m.position(at: t))
            t += 1.0 / 240
        }
        #expect(peak > 34, "ζ = 0.5 overshoots by about 16 %")
        #expect(m.position(at: t) == 30, "exactly on target once settled")
        let (x, v) = spring.state(x0: -30, v0: 0, at: t)
        #expect(abs(x) <= Spring.settleDistance && abs(v) <= Spring.settleSpeed)
    }

    @Test(arguments: [1.0, 1.5, 3.0])
    func criticalAndOverdampedSpringsNeverOvershoot(damping: Double) {
        var a = Parameters.Animation()
        a.spring = Spring(dampingRatio: damping, response: 0.3)
        let m = Motion(from: 0, to: 30, duration: 0.3, animation: a)
        var t = 0.0
        var last = 0.0
        while !m.isFinished(at: t) {
            let x = m.position(at: t)
            #expect(x <= 30 && x >= last)
            last = x
            t += 1.0 / 120
        }
        #expect(m.position(at: t) == 30)
    }

    @Test func theSpringsVelocityIsTheDerivativeOfItsPosition() {
        for damping in [0.3, 1.0, 2.0] {
            let s = Spring(dampingRatio: damping, response: 0.4)
            for t in [0.01, 0.1, 0.3] {
                let h = 1e-6
                let numeric =
                    (s.state(x0: -50, v0: 800, at: t + h).x - s.state(x0: -50, v0: 800, at: t - h).x) / (2 * h)
                #expect(abs(numeric - s.state(x0: -50, v0: 800, at: t).v) < 1e-3)
            }
            #expect(s.state(x0: -50, v0: 800, at: 0) == (-50, 800))
        }
    }

    @Test func aSpringStartsWithTheVelocityItIsHanded() {
        var a = Parameters.Animation()
        a.spring = Spring(dampingRatio: 0.8, response: 0.4)
        let m = Motion(from: 0, to: 510, duration: 0.3, animation: a, velocity: 1000)
        #expect(abs(m.velocity(at: 0) - 1000) < 1e-9)
        #expect(abs(m.position(at: 1e-4) - 0.1) < 1e-3)
    }

    @Test func deckEditsFollowTheCurve() {
        var t = DeckTransition(
            edit: .remove(item: 1), oldFront: 0, newFront: 0, oldCount: 5, newCount: 4, wrap: false, progress: 0.25)
        #expect(t.eased == DeckTransition.ease(0.25), "decelerate keeps iCarousel's cubic")
        t.curve = .linear
        #expect(t.eased == 0.25)
        var a = Parameters.Animation()
        a.moveDuration = 0.7
        #expect(a.duration(of: .move(from: 0, to: 1)) == 0.7 && a.duration(of: .insert(at: 0, title: "x")) == 0.4)
        #expect(a.duration(of: .remove(item: 0)) == 0.3)
    }

    @Test func slowdownStretchesTheCoverFlow2Toggle() {
        var p = Parameters()
        p.layout.style = .coverflow2
        p.layout.spacing = 100
        p.layout.cards = 20
        var m = ScrollMemory()
        m.slowdown = 3
        m.observe(offset: 0, at: 0, velocity: 0, animating: false, parameters: p)
        m.observe(offset: 60, at: 1, velocity: 0, animating: false, parameters: p)
        #expect(m.toggle?.duration == 0.4 * 3)
        #expect(m.isEasing(at: 2.1) && !m.isEasing(at: 2.21))
    }
}
