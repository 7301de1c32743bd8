import CardLayout

/// The cubic Bézier timing curve nearest to `decelerate` (which is an exponential, not a
/// Bézier), for the APIs that take only a Bézier: UIKit's cubic timing, Core Animation's
/// timing function.
///
/// A pattern search on the four control points (both x kept in [0, 1]) minimises the largest
/// gap between the two progress curves over 200 evenly spaced moments.
enum BezierFit {
    /// The control points `[x1, y1, x2, y2]` and the largest progress error (fraction of the move).
    static func nearest(toDecelerate deceleration: Double, duration: Double) -> (points: [Double], error: Double) {
        let samples = (0...200).map { Double($0) / 200 }
        let motion = Motion(from: 0, to: 1, duration: duration, deceleration: deceleration)
        let target = samples.map { motion.position(at: $0 * duration) }
        func error(_ p: [Double]) -> Double {
            let curve = UnitBezier(p[0], p[1], p[2], p[3])
            var worst = 0.0
            for (x, y) in zip(samples, target) { worst = max(worst, abs(curve.solve(x) - y)) }
            return worst
        }
        // Start from the cubic Hermite curve with the same end slopes (a Bézier with x(s) = s),
        // which is already close for a smooth curve like this one.
        let h = 1e-6
        let start = (motion.position(at: h * duration) - motion.position(at: 0)) / h
        let end = (motion.position(at: duration) - motion.position(at: (1 - h) * duration)) / h
        var best = [1.0 / 3, start / 3, 2.0 / 3, 1 - end / 3]
        var bestError = error(best)
        var step = 0.05
        while step > 1e-5 {
            var improved = false
            for i in 0..<4 {
                for sign in [-1.0, 1.0] {
                    var trial = best
                    trial[i] += sign * step
                    if i == 0 || i == 2 { trial[i] = min(max(trial[i], 0), 1) }
                    let e = error(trial)
                    if e < bestError {
                        best = trial
                        bestError = e
                        improved = true
                    }
                }
            }
            if !improved { step /= 2 }
        }
        return (best, bestError)
    }
}
