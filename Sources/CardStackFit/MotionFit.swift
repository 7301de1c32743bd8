import CardLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fits the motion of one move to a tracked point: the spring (`animation.spring`) or the
/// curve and duration (`animation.curve`, `animation.duration`), and when the move starts.
///
/// The model is cardstack's own: the move is ``Motion/step(from:to:velocity:animation:)``,
/// the session's step, and each position is ``Layout/frame(_:offset:context:)`` at its
/// offset, the point placed on its card through the card's transform. The unknowns are
/// found by least squares (the sum of squared distances in points): a coarse grid for a
/// start, then ``NelderMead`` over all of them together (docs/fit.md, "Method").
public struct MotionFit: Sendable {
    /// What to fit.
    public enum Kind: String, Sendable, CaseIterable {
        /// `animation.spring`: response and damping ratio.
        case spring
        /// `animation.curve` (a named curve or a Bézier) and `animation.duration`.
        case curve
    }

    /// A fitted move.
    public struct Result: Sendable, Equatable {
        /// The animation with the fitted spring, or the fitted curve and duration.
        public var animation: Parameters.Animation
        /// Seconds from the first sample to the move's start.
        public var start: Double
        public var residual: Residual
        /// How many samples the fit used.
        public var frames: Int
        /// The tracked point as the fit placed it on its card.
        public var point: CardPoint
    }

    /// The parameters the move runs under (its style, pose and animation).
    public var parameters: Parameters
    /// The offsets the move goes from and to.
    public var from: Double
    public var to: Double
    /// The tracked trajectory, in stage points.
    public var samples: [TrackSample]
    /// The tracked point on its card, as first located (the fit refines `u` and `v`).
    public var point: CardPoint
    /// At most this many simplex moves per search (fewer for a quick comparison).
    public var iterations = 600

    public init(parameters: Parameters, from: Double, to: Double, samples: [TrackSample], point: CardPoint) {
        self.parameters = parameters
        self.from = from
        self.to = to
        self.samples = samples
        self.point = point
    }

    /// The model's positions of the point for `animation` starting at `start`.
    public func model(_ animation: Parameters.Animation, start: Double, point: CardPoint) -> [Point?] {
        let motion = Motion.step(from: from, to: to, animation: animation)
        return samples.map { sample in
            let elapsed = sample.time - start
            let offset = elapsed <= 0 ? from : motion.position(at: elapsed)
            return point.position(in: Layout.frame(parameters, offset: offset))
        }
    }

    /// The sum of squared distances, in square points, from the model to the samples.
    func cost(_ animation: Parameters.Animation, start: Double, point: CardPoint) -> Double {
        var sum = 0.0
        for (model, sample) in zip(model(animation, start: start, point: point), samples) {
            guard let model else { return .infinity }
            let dx = model.x - sample.point.x
            let dy = model.y - sample.point.y
            sum += dx * dx + dy * dy
        }
        return sum
    }

    /// The residual of `animation` starting at `start`.
    public func residual(_ animation: Parameters.Animation, start: Double, point: CardPoint) -> Residual {
        let d = zip(model(animation, start: start, point: point), samples).map { model, sample in
            model.map { distance($0, sample.point) } ?? .infinity
        }
        return Residual(distances: d)
    }

    /// Fits `kind`; throws when the samples do not show a move.
    public func fit(_ kind: Kind) throws(FitError) -> Result {
        guard samples.count >= 2 else {
            throw FitError("a motion fit needs at least two frames, got \(samples.count)")
        }
        let first = samples[0].point
        let travel = samples.map { distance($0.point, first) }.max() ?? 0
        guard travel >= 0.5 else {
            throw FitError(
                "the tracked point does not move (at most \(rounded(travel)) pt over \(samples.count) frames): no motion to fit"
            )
        }
        // Where the move starts, roughly: the last sample before the point leaves its place.
        let leaving = samples.firstIndex { distance($0.point, first) > min(0.5, travel / 10) } ?? 0
        let guess = samples[max(leaving - 1, 0)].time
        switch kind {
        case .spring: return fitSpring(startGuess: guess)
        case .curve: return fitCurve(startGuess: guess)
        }
    }

    /// Optimises `count` shape unknowns plus the start, `u` and `v`; `animation` turns the
    /// shape unknowns into an animation, nil when they are out of range.
    func refine(
        shape: [Double], steps: [Double], start: Double,
        _ animation: ([Double]) -> Parameters.Animation?
    ) -> (point: [Double], value: Double) {
        let n = shape.count
        let guess = shape + [start, point.u, point.v]
        let result = NelderMead.minimize(
            start: guess, steps: steps + [0.01, 0.01, 0.01], restarts: 2, iterations: iterations, tolerance: 1e-8
        ) { x in
            guard let a = animation(Array(x[0..<n])) else { return .infinity }
            return cost(a, start: x[n], point: CardPoint(item: point.item, u: x[n + 1], v: x[n + 2]))
        }
        return (result.point, result.value)
    }

    func result(_ animation: Parameters.Animation, _ x: [Double], shapeCount n: Int) -> Result {
        let placed = CardPoint(item: point.item, u: x[n + 1], v: x[n + 2])
        return Result(
            animation: animation, start: x[n], residual: residual(animation, start: x[n], point: placed),
            frames: samples.count, point: placed)
    }

    func fitSpring(startGuess: Double) -> Result {
        func animation(_ x: [Double]) -> Parameters.Animation? {
            let response = exp(x[0])
            guard x[1] > 0.02, x[1] < 4, response > 0.02, response < 20 else { return nil }
            var a = parameters.animation
            a.spring = Spring(dampingRatio: x[1], response: response)
            return a
        }
        // The grid: a start for the simplex away from the wrong valleys of an oscillation.
        var best = (shape: [log(0.5), 0.8], value: Double.infinity)
        for response in [0.15, 0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0] {
            for ratio in [0.3, 0.5, 0.7, 0.85, 1.0, 1.3] {
                let shape = [log(response), ratio]
                let c = cost(animation(shape)!, start: startGuess, point: point)
                if c < best.value { best = (shape, c) }
            }
        }
        let refined = refine(shape: best.shape, steps: [0.1, 0.1], start: startGuess, animation)
        return result(animation(refined.point)!, refined.point, shapeCount: 2)
    }

    func fitCurve(startGuess: Double) -> Result {
        func named(_ curve: TimingCurve) -> ([Double]) -> Parameters.Animation? {
            { x in
                guard x[0] > 0.01, x[0] <= Motion.longestDuration else { return nil }
                var a = parameters.animation
                a.spring = nil
                a.curve = curve
                a.duration = x[0]
                return a
            }
        }
        var candidates: [(result: Result, value: Double)] = []
        for name in TimingCurve.names {
            let curve = TimingCurve(name: name)!
            var best = (duration: 0.3, value: Double.infinity)
            for duration in [0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5] {
                let c = cost(named(curve)([duration])!, start: startGuess, point: point)
                if c < best.value { best = (duration, c) }
            }
            let refined = refine(shape: [best.duration], steps: [0.05], start: startGuess, named(curve))
            candidates.append((result(named(curve)(refined.point)!, refined.point, shapeCount: 1), refined.value))
        }
        let named = candidates.min { $0.value < $1.value }!
        // Then any Bézier, from the best named curve's control points (ease-out's for decelerate).
        let seed = named.result.animation.curve.controlPoints ?? [0, 0, 0.58, 1]
        func bezier(_ x: [Double]) -> Parameters.Animation? {
            guard x[0] >= 0, x[0] <= 1, x[2] >= 0, x[2] <= 1, x[4] > 0.01, x[4] <= Motion.longestDuration else {
                return nil
            }
            var a = parameters.animation
            a.spring = nil
            a.curve = .bezier(x[0], x[1], x[2], x[3])
            a.duration = x[4]
            return a
        }
        let shape = seed.map { min(max($0, 0.02), 0.98) } + [named.result.animation.duration]
        // First a Bézier that stays within its ends (y in 0...1), then any: a slow start
        // trades off against an earlier start and a longer duration, and an undershooting
        // curve can use that trade to follow the noise. The free one must earn its place.
        func within(_ x: [Double]) -> Parameters.Animation? {
            guard x[1] >= 0, x[1] <= 1, x[3] >= 0, x[3] <= 1 else { return nil }
            return bezier(x)
        }
        let bounded = refine(shape: shape, steps: [0.1, 0.1, 0.1, 0.1, 0.03], start: named.result.start, within)
        let refined = refine(
            shape: Array(bounded.point[0..<5]), steps: [0.05, 0.05, 0.05, 0.05, 0.02], start: bounded.point[5], bezier)
        let free = result(bezier(refined.point)!, refined.point, shapeCount: 5)
        let kept = result(bezier(bounded.point)!, bounded.point, shapeCount: 5)
        let custom = free.residual.mean + 0.05 < kept.residual.mean ? free : kept
        return custom.residual.mean + 0.02 < named.result.residual.mean ? custom : named.result
    }
}

func rounded(_ x: Double, _ places: Double = 100) -> Double { (x * places).rounded() / places }
