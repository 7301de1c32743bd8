/// Nelder and Mead's downhill simplex: minimises a function of a few unknowns without
/// derivatives. The fits here have 2 to 9 unknowns and objectives that are cheap but not
/// smooth everywhere (a card appears, a curve clamps at its ends), which is where the
/// simplex is at home and a gradient method would need finite differences of a kink.
///
/// Written here (about 60 lines) rather than taken from a package: the repository adds no
/// dependency for one small, well-known algorithm (docs/fit.md, "Method").
public enum NelderMead {
    /// The best point found and its value.
    public struct Result: Sendable, Equatable {
        public var point: [Double]
        public var value: Double
    }

    /// Minimises `f` from `start`, the first simplex spanned by `steps` along each axis.
    ///
    /// - Parameters:
    ///   - start: the first guess.
    ///   - steps: the size of the first simplex along each unknown (same count as `start`).
    ///   - iterations: at most this many simplex moves.
    ///   - tolerance: stops once the simplex's values differ by less than this.
    ///   - f: the objective; NaN counts as +infinity.
    public static func minimize(
        start: [Double], steps: [Double], iterations: Int = 2000, tolerance: Double = 1e-10,
        _ f: ([Double]) -> Double
    ) -> Result {
        let n = start.count
        func value(_ x: [Double]) -> Double {
            let v = f(x)
            return v.isNaN ? .infinity : v
        }
        var simplex: [(point: [Double], value: Double)] = [(start, value(start))]
        for i in 0..<n {
            var p = start
            p[i] += steps[i]
            simplex.append((p, value(p)))
        }
        func along(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
            zip(a, b).map { $0 + t * ($1 - $0) }
        }
        for _ in 0..<iterations {
            simplex.sort { $0.value < $1.value }
            let best = simplex[0].value
            let worst = simplex[n]
            if abs(worst.value - best) <= tolerance * (1 + abs(best)) { break }
            var centroid = [Double](repeating: 0, count: n)
            for vertex in simplex[0..<n] {
                for i in 0..<n { centroid[i] += vertex.point[i] / Double(n) }
            }
            let reflected = along(centroid, worst.point, -1)
            let r = value(reflected)
            if r < best {
                let expanded = along(centroid, worst.point, -2)
                let e = value(expanded)
                simplex[n] = e < r ? (expanded, e) : (reflected, r)
            } else if r < simplex[n - 1].value {
                simplex[n] = (reflected, r)
            } else {
                let contracted = r < worst.value ? along(centroid, reflected, 0.5) : along(centroid, worst.point, 0.5)
                let c = value(contracted)
                if c < min(r, worst.value) {
                    simplex[n] = (contracted, c)
                } else {
                    // Shrink every vertex halfway toward the best one.
                    let bestPoint = simplex[0].point
                    for i in 1...n {
                        let p = along(bestPoint, simplex[i].point, 0.5)
                        simplex[i] = (p, value(p))
                    }
                }
            }
        }
        simplex.sort { $0.value < $1.value }
        return Result(point: simplex[0].point, value: simplex[0].value)
    }

    /// Runs ``minimize(start:steps:iterations:tolerance:_:)`` again from its own answer with
    /// a fresh simplex, `restarts` times: a simplex can collapse onto a line and stall, and a
    /// restart is the usual cure.
    public static func minimize(
        start: [Double], steps: [Double], restarts: Int, iterations: Int = 2000, tolerance: Double = 1e-10,
        _ f: ([Double]) -> Double
    ) -> Result {
        var result = minimize(start: start, steps: steps, iterations: iterations, tolerance: tolerance, f)
        for round in 0..<restarts {
            let scale = 1 / Double(round + 2)
            let next = minimize(
                start: result.point, steps: steps.map { $0 * scale }, iterations: iterations, tolerance: tolerance, f)
            if next.value < result.value { result = next } else { break }
        }
        return result
    }
}
