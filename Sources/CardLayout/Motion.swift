import RealModule

/// An animated move of the scroll offset from one value to another, decelerating like
/// UIScrollView: the distance left shrinks by `deceleration` per millisecond, rescaled so
/// the move lands exactly on `to` at `duration`.
///
/// Positions are in unwrapped space; the caller normalises each one for its frame.
public struct Motion: Sendable, Equatable {
    public var from: Double
    public var to: Double
    /// Seconds.
    public var duration: Double
    /// Velocity kept per millisecond, in (0, 1).
    public var deceleration: Double

    /// The longest any animation runs (docs/layouts.md §8: a fling ends in at most 2 s).
    public static let maximumDuration = 2.0
    /// How long a `snap`, `next`, `prev` or animated `scroll_to` takes.
    public static let stepDuration = 0.3

    public init(from: Double, to: Double, duration: Double, deceleration: Double) {
        self.from = from
        self.to = to
        self.duration = min(max(duration, 0), Motion.maximumDuration)
        self.deceleration = deceleration
    }

    /// A fling: runs until the velocity has fallen to 1 % of its start, at most 2 s.
    public static func fling(from: Double, to: Double, deceleration: Double) -> Motion {
        let ms = Double.log(0.01) / Double.log(deceleration)
        return Motion(from: from, to: to, duration: ms / 1000, deceleration: deceleration)
    }

    /// Whether the move is over at `elapsed` seconds.
    public func isFinished(at elapsed: Double) -> Bool { elapsed >= duration }

    /// The offset at `elapsed` seconds: exactly `to` once finished.
    public func position(at elapsed: Double) -> Double {
        guard elapsed < duration, duration > 0 else { return to }
        let k = deceleration
        let total = 1 - Double.pow(k, duration * 1000)
        // Degenerate decay (k near 1): fall back to linear progress.
        let progress = total > 1e-12 ? (1 - Double.pow(k, max(elapsed, 0) * 1000)) / total : elapsed / duration
        return from + (to - from) * progress
    }
}
