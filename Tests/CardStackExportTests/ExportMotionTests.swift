import CardLayout
import Testing

@testable import CardStackExport

/// The pieces of an animated export that a browser test cannot see alone: the Bézier pieces
/// between keyframes, the nearest Bézier to `decelerate`, and the keyframes' coverage.
@Suite struct ExportMotionTests {
    @Test(arguments: [[0.2, 0.9, 0.3, 1.0], [0.42, 0, 0.58, 1], [0.1, 0.7, 0.2, 1.3]])
    func keyframePiecesFollowTheWholeCurve(p: [Double]) {
        let curve = UnitBezier(p[0], p[1], p[2], p[3])
        for (a, b) in [(0.0, 0.25), (0.3, 0.35), (0.5, 0.9), (0.9, 1.0)] {
            let piece = CSSKeyframes.piece(of: p, from: a, to: b)
            #expect((0...1).contains(piece[0]) && (0...1).contains(piece[2]))
            let local = UnitBezier(piece[0], piece[1], piece[2], piece[3])
            let ya = curve.solve(a)
            let yb = curve.solve(b)
            for k in 1..<10 {
                let u = Double(k) / 10
                let whole = curve.solve(a + (b - a) * u)
                #expect(abs(ya + (yb - ya) * local.solve(u) - whole) < 1e-7, "\(p) [\(a), \(b)] at \(u)")
            }
        }
    }

    @Test func theNearestBezierToDecelerateSaysItsError() {
        let fit = BezierFit.nearestToDecelerate
        let motion = Motion(from: 0, to: 1, duration: 0.3, deceleration: 0.998)
        let curve = UnitBezier(fit.points[0], fit.points[1], fit.points[2], fit.points[3])
        var worst = 0.0
        for k in 0...2000 {
            let u = Double(k) / 2000
            worst = max(worst, abs(curve.solve(u) - motion.position(at: u * 0.3)))
        }
        // The error is measured on 200 samples; between them it grows by little.
        #expect(worst <= fit.error * 1.05 + 1e-6 && fit.error < 0.001)
        // The stored fit is what the search finds today.
        let found = BezierFit.nearest(to: Motion.landing)
        #expect(found.points == fit.points && found.error == fit.error, "\(found)")
    }

    @Test func everyCardOfTheTransitionHasKeyframesFromStartToEnd() {
        var p = Parameters()
        p.animation.spring = Spring(dampingRatio: 0.5, response: 0.4)
        let transition = ExportTransition(p, from: 30, animate: .next)
        let keyframes = CSSKeyframes(transition)
        #expect(!keyframes.keys.isEmpty)
        for key in keyframes.keys {
            let moments = keyframes.moments[key] ?? []
            #expect(moments.first?.fraction == 0 && moments.last?.fraction == 1)
            #expect(zip(moments, moments.dropFirst()).allSatisfy { $0.fraction <= $1.fraction })
        }
        #expect(transition.offset(at: transition.duration) == 60)
    }
}
