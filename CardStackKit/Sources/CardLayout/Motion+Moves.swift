/// The moves the daemon animates, as pure functions of the parameters: the session and an
/// exported app call these same functions, so both compute the same offsets to the last bit.
extension Motion {
    /// A `next`, `prev`, `snap` or animated `scroll_to` from `from` to `to`: `animation`'s
    /// duration and curve, or its spring starting at `velocity` (points per second).
    public static func step(from: Double, to: Double, velocity: Double = 0, animation: Parameters.Animation) -> Motion {
        Motion(from: from, to: to, duration: animation.duration, animation: animation, velocity: velocity)
    }

    /// A fling from `from` at `velocity` toward `to` (``Layout/flingTarget(from:velocity:_:)``):
    /// the scroll view's deceleration, or, with a spring and `snap` on, the spring starting at
    /// the fling's velocity. Both run `animation.slowdown` times slower.
    public static func fling(from: Double, to: Double, velocity: Double, animation: Parameters.Animation) -> Motion {
        if animation.spring != nil, animation.snap {
            return step(from: from, to: to, velocity: velocity, animation: animation)
        }
        var motion = Motion.fling(from: from, to: to, deceleration: animation.deceleration)
        motion.slowdown = animation.slowdown
        return motion
    }

    /// How far apart the end search looks at a spring (seconds of slowed time).
    static let settleScanStep = 0.001

    /// Seconds from the start until ``isFinished(at:)`` first holds: the duration times the
    /// slowdown for a curve; for a spring the first moment it is at rest (found to 1e-9 s by
    /// scanning every millisecond, then bisecting), at most ``Spring/longestRun``.
    public var end: Double {
        guard spring != nil else { return duration * slowdown }
        if from == to, velocity == 0 { return 0 }
        var before = 0.0
        var t = Self.settleScanStep * slowdown
        while !isFinished(at: t) {
            before = t
            t += Self.settleScanStep * slowdown
        }
        var after = t
        while after - before > 1e-9 {
            let middle = (before + after) / 2
            if isFinished(at: middle) { after = middle } else { before = middle }
        }
        return after
    }
}

extension Layout {
    /// Where `next` (positive `steps`) or `prev` (negative) goes from `offset`: the snap point
    /// nearest to `offset` moved by `steps` cards, kept inside the deck when it does not wrap.
    /// The daemon passes the running move's target as `offset` when a move is under way.
    public static func stepTarget(from offset: Double, steps: Int, _ parameters: Parameters) -> Double {
        let end = snapPoint(offset, parameters) + Double(steps) * parameters.layout.spacing
        return parameters.layout.wrap ? end : normalize(end, parameters)
    }
}
