import CardLayout

/// The cubic Bézier timing curve nearest to `decelerate` (an exponential landing at rest,
/// `Motion.landing`, not a Bézier), for the APIs that take only a Bézier: UIKit's cubic
/// timing, Core Animation's timing function. The curve has one shape whatever the duration
/// and deceleration, so the fit is made once, here: ``nearestToDecelerate`` holds what
/// ``nearest(to:)`` finds (`ExportMotionTests` runs the search again and checks it), so an
/// export does not spend a second of the daemon's event loop on it.
///
/// Nelder–Mead's simplex search on the four control points (both x kept in [0, 1]) minimises
/// the largest gap between the two progress curves over 200 evenly spaced moments. The
/// largest gap is not smooth in the control points, so the search runs twice from each of a
/// few starting points and keeps the best: the cubic Hermite curve with the curve's end
/// slopes, and curves whose first control point lies on the start tangent and whose second
/// has y = 1 (a Bézier with y2 = 1 ends at rest, as the curve does).
enum BezierFit {
    /// The control points `[x1, y1, x2, y2]` and the largest progress error (fraction of the move).
    static let nearestToDecelerate: (points: [Double], error: Double) = (
        [0.19303157409903027, 0.9286580817377605, 0.45656647223871727, 0.9970994437948841], 0.00022649542240815723
    )

    static func nearest(to progress: (Double) -> Double) -> (points: [Double], error: Double) {
        let samples = (0...200).map { Double($0) / 200 }
        let target = samples.map(progress)
        func error(_ p: [Double]) -> Double {
            let q = clamped(p)
            let curve = UnitBezier(q[0], q[1], q[2], q[3])
            var worst = 0.0
            for (x, y) in zip(samples, target) { worst = max(worst, abs(curve.solve(x) - y)) }
            return worst
        }
        let h = 1e-6
        let start = (progress(h) - progress(0)) / h
        let end = (progress(1) - progress(1 - h)) / h
        var starts = [[1.0 / 3, start / 3, 2.0 / 3, 1 - end / 3]]
        for (x1, x2) in [(0.15, 0.4), (0.2, 0.45), (0.25, 0.5)] { starts.append([x1, min(start * x1, 1.5), x2, 1]) }
        var best = starts[0]
        var bestError = Double.infinity
        for first in starts {
            let (rough, _) = simplex(from: first, size: 0.1, error)
            let (points, e) = simplex(from: rough, size: 0.02, error)
            if e < bestError { (best, bestError) = (clamped(points), e) }
        }
        return (best, bestError)
    }

    static func clamped(_ p: [Double]) -> [Double] {
        [min(max(p[0], 0), 1), p[1], min(max(p[2], 0), 1), p[3]]
    }

    /// Nelder–Mead from `start` with a simplex of `size`, 500 steps (reflect, expand,
    /// contract, shrink).
    static func simplex(from start: [Double], size: Double, _ error: ([Double]) -> Double) -> ([Double], Double) {
        var points =
            [start] + (0..<4).map { i in start.enumerated().map { $0.offset == i ? $0.element + size : $0.element } }
        var values = points.map(error)
        func along(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + t * ($1 - $0) } }
        for _ in 0..<500 {
            let order = values.indices.sorted { values[$0] < values[$1] }
            points = order.map { points[$0] }
            values = order.map { values[$0] }
            let centre = (0..<4).map { j in points[0..<4].reduce(0) { $0 + $1[j] } / 4 }
            let worst = points[4]
            let reflected = along(centre, worst, -1)
            let r = error(reflected)
            if r < values[0] {
                let expanded = along(centre, worst, -2)
                let e = error(expanded)
                (points[4], values[4]) = e < r ? (expanded, e) : (reflected, r)
            } else if r < values[3] {
                (points[4], values[4]) = (reflected, r)
            } else {
                let contracted = along(centre, worst, 0.5)
                let c = error(contracted)
                if c < values[4] {
                    (points[4], values[4]) = (contracted, c)
                } else {
                    points = [points[0]] + points[1...].map { along(points[0], $0, 0.5) }
                    values = points.map(error)
                }
            }
        }
        let i = values.indices.min { values[$0] < values[$1] } ?? 0
        return (points[i], values[i])
    }
}
