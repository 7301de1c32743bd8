import RealModule
import Testing

@testable import CardLayout

/// `decelerate` lands: a step's speed falls to exactly 0 at its end (docs/parameters.md,
/// "The decelerate curve"), while a fling keeps the scroll view's own deceleration.
@Suite struct MotionLandingTests {
    /// The offsets of a move sampled at `fps` from its start to its end, as the daemon's frames.
    func frames(_ m: Motion, fps: Double) -> [Double] {
        var out: [Double] = []
        var i = 0
        while true {
            let t = Double(i) / fps
            out.append(m.position(at: t))
            if m.isFinished(at: t) { return out }
            i += 1
        }
    }

    @Test func theCurveRunsFromZeroToOneAndEndsAtRest() {
        #expect(Motion.landing(0) == 0)
        #expect(abs(Motion.landing(1) - 1) < 1e-15)
        var last = 0.0
        for i in 1...1000 {
            let p = Motion.landing(Double(i) / 1000)
            #expect(p > last, "monotonic")
            last = p
        }
        let h = 1e-6
        let start = Motion.landing(h) / h
        let end = (1 - Motion.landing(1 - h)) / h
        #expect(end < 1e-5 * start, "the speed is 0 at the end")
        // p'(0) = (ln 100 · (1 − 1/100)) / (1 − 1/100 − ln 100 / 100).
        let k = Double.log(100)
        #expect(abs(start - k * 0.99 / (0.99 - 0.01 * k)) < 1e-4)
    }

    @Test(arguments: [(0.3, 60.0), (0.3, 30.0), (0.15, 60.0), (1.0, 120.0), (10.0, 60.0)])
    func aStepLandsBelowTwoPercentOfItsPeak(duration: Double, fps: Double) {
        var a = Parameters.Animation()
        a.duration = duration
        let m = Motion.step(from: 0, to: 30, animation: a)
        let x = frames(m, fps: fps)
        #expect(x.last == 30, "lands exactly")
        let speeds = zip(x.dropFirst(), x).map { ($0 - $1) * fps }
        let peak = speeds.max() ?? 0
        let moving = speeds.filter { $0 != 0 }
        #expect((moving.last ?? 0) <= 0.02 * peak, "landing speed \(moving.last ?? 0) of peak \(peak)")
        #expect(Double(x.count - 1) / fps >= duration && Double(x.count - 2) / fps < duration, "takes the duration")
    }

    @Test func theDecelerationRateNoLongerShapesAStep() {
        var a = Parameters.Animation()
        let m1 = Motion.step(from: 0, to: 90, animation: a)
        a.deceleration = 0.99
        let m2 = Motion.step(from: 0, to: 90, animation: a)
        for i in 0...30 { #expect(m1.position(at: Double(i) / 100) == m2.position(at: Double(i) / 100)) }
        #expect(abs(m1.position(at: 0.15) - 90 * Motion.landing(0.5)) < 1e-12)
    }

    @Test func aFlingKeepsTheScrollViewsDeceleration() {
        let fling = Motion.fling(from: 0, to: 510, deceleration: 0.998)
        #expect(fling.coasts && fling.duration == 2)
        for i in 0...20 {
            let t = Double(i) / 10
            let expected = 510 * (1 - Double.pow(0.998, t * 1000)) / (1 - Double.pow(0.998, 2000))
            #expect(abs(fling.position(at: t) - expected) < 1e-9)
        }
        var a = Parameters.Animation()
        a.deceleration = 0.99
        let short = Motion.fling(from: 0, to: 100, velocity: 1000, animation: a)
        #expect(abs(short.duration - Double.log(0.01) / Double.log(0.99) / 1000) < 1e-12)
    }
}
