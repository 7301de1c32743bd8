import RealModule

/// An animated move of the scroll offset from one value to another.
///
/// By default it decelerates onto `to` like a scroll view landing on its target: the
/// fling's exponential, from full speed down to its end fraction (1 %), minus that end
/// speed, so it arrives at `duration` exactly at rest (``landing(_:)``, docs/parameters.md,
/// "The decelerate curve"). A fling (``coasts``) is the scroll view's deceleration itself:
/// the distance left shrinks by `deceleration` per millisecond, rescaled to land on `to`. A
/// ``curve`` other than `decelerate` shapes the progress instead, and a ``spring`` replaces
/// curve and duration altogether: it starts with ``velocity`` and runs until it settles.
/// Every time is stretched by ``slowdown`` (slow motion).
///
/// Positions are in unwrapped space; the caller normalises each one for its frame.
public struct Motion: Sendable, Equatable {
    public var from: Double
    public var to: Double
    /// Seconds, before ``slowdown``.
    public var duration: Double
    /// Velocity kept per millisecond, in (0, 1).
    public var deceleration: Double
    /// The progress curve (ignored when ``spring`` is set).
    public var curve: TimingCurve = .decelerate
    /// When set, the move is this spring's, from `from` with ``velocity``.
    public var spring: Spring?
    /// The start velocity handed to a spring, points per second.
    public var velocity = 0.0
    /// Every time runs this many times slower, ≥ 1.
    public var slowdown = 1.0
    /// A fling: `decelerate` is the scroll view's deceleration at `deceleration` per
    /// millisecond (``fling(from:to:deceleration:)``), not the landing curve of a step.
    public var coasts = false

    /// The fraction of its start speed a fling ends at (``fling(from:to:deceleration:)``),
    /// which is also where the `decelerate` curve's exponential ends before its end speed is
    /// taken off (``landing(_:)``).
    public static let flingEndSpeed = 0.01

    /// The longest a fling runs (docs/layouts.md §8: a fling ends in at most 2 s).
    public static let maximumDuration = 2.0
    /// The longest any curve-driven move runs (`animation.duration` allows up to 10 s).
    public static let longestDuration = 10.0
    /// How long a `snap`, `next`, `prev` or animated `scroll_to` takes by default.
    public static let stepDuration = 0.3

    public init(from: Double, to: Double, duration: Double, deceleration: Double) {
        self.from = from
        self.to = to
        self.duration = min(max(duration, 0), Motion.longestDuration)
        self.deceleration = deceleration
    }

    /// A move shaped by `animation`: its curve, spring and slowdown, over `duration`.
    public init(from: Double, to: Double, duration: Double, animation: Parameters.Animation, velocity: Double = 0) {
        self.init(from: from, to: to, duration: duration, deceleration: animation.deceleration)
        curve = animation.curve
        spring = animation.spring
        self.velocity = velocity
        slowdown = animation.slowdown
    }

    /// A fling: runs until the velocity has fallen to 1 % of its start, at most 2 s.
    public static func fling(from: Double, to: Double, deceleration: Double) -> Motion {
        let ms = Double.log(flingEndSpeed) / Double.log(deceleration)
        var motion = Motion(from: from, to: to, duration: min(ms / 1000, maximumDuration), deceleration: deceleration)
        motion.coasts = true
        return motion
    }

    /// Whether the move is over at `elapsed` seconds.
    public func isFinished(at elapsed: Double) -> Bool {
        let t = elapsed / slowdown
        if let spring {
            return spring.isSettled(x0: from - to, v0: velocity, at: t)
        }
        return t >= duration
    }

    /// The offset at `elapsed` seconds: exactly `to` once finished.
    public func position(at elapsed: Double) -> Double {
        guard !isFinished(at: elapsed) else { return to }
        let t = max(elapsed / slowdown, 0)
        if let spring {
            return to + spring.state(x0: from - to, v0: velocity, at: t).x
        }
        guard duration > 0 else { return to }
        return from + (to - from) * progress(at: t)
    }

    /// The velocity at `elapsed` seconds, points per second of unslowed time (0 once finished).
    public func velocity(at elapsed: Double) -> Double {
        guard !isFinished(at: elapsed) else { return 0 }
        let t = max(elapsed / slowdown, 0)
        if let spring { return spring.state(x0: from - to, v0: velocity, at: t).v }
        let h = 1e-4
        return (to - from) * (progress(at: min(t + h, duration)) - progress(at: max(t - h, 0)))
            / (min(t + h, duration) - max(t - h, 0))
    }

    /// The curve's progress, 0...1, at `t` unslowed seconds into the move.
    func progress(at t: Double) -> Double {
        guard curve == .decelerate else { return curve.value(at: t / duration) }
        guard coasts else { return Self.landing(t / duration) }
        let k = deceleration
        let total = 1 - Double.pow(k, duration * 1000)
        // Degenerate decay (k near 1): fall back to linear progress.
        return total > 1e-12 ? (1 - Double.pow(k, t * 1000)) / total : t / duration
    }

    /// The `decelerate` curve of a step, at the elapsed fraction `u` of its duration: the
    /// fling's exponential r^u (r = ``flingEndSpeed``, so the speed falls from 1 to r over the
    /// move) minus its end speed, normalised to reach 1 at u = 1:
    ///
    ///     p(u) = (1 − r^u − u·r·ln(1/r)) / (1 − r − r·ln(1/r))
    ///
    /// Its speed p′(u) ∝ r^u − r falls from its peak at the start to exactly 0 at the end:
    /// the move decelerates onto its target and lands at rest, whatever the duration.
    public static func landing(_ u: Double) -> Double {
        let x = min(max(u, 0), 1)
        let r = flingEndSpeed
        let k = -Double.log(r)
        return (1 - Double.pow(r, x) - x * r * k) / (1 - r - r * k)
    }
}
