import RealModule

/// A move of the scroll offset under one of the scroll models (docs/layouts.md §8): pieces
/// played one after the other, each a closed form of the time, each starting where the one
/// before ended (position and velocity continuous unless a piece says otherwise).
///
/// Positions are in points, in unwrapped space, and may lie past an edge of a deck that does
/// not wrap (a bounce); the caller normalises or clamps each one for its frame. Every time
/// is stretched by ``slowdown``.
///
/// ```swift
/// let glide = ScrollView.release(from: 0, velocity: 2000, parameters)
/// glide.position(at: 0.1)   // the offset 0.1 s after the release
/// glide.end                 // when it is at rest, exactly on glide.to
/// ```
public struct ScrollMotion: Sendable, Equatable {
    /// One closed-form piece.
    public enum Piece: Sendable, Equatable {
        /// UIScrollView's deceleration: `v(t) = velocity·e^(−rate·t)`, so
        /// `x(t) = from + velocity·(1 − e^(−rate·t))/rate` (`rate` = −1000·ln(decelerationRate)
        /// per second), for `duration` seconds.
        case decay(from: Double, velocity: Double, rate: Double, duration: Double)
        /// A constant deceleration from `velocity` to rest exactly on `to` (iCarousel's
        /// `s(t) = s0 + v·t − ½·(v/T)·t²` with `T = |to − from| / |0.5·v|`).
        case brake(from: Double, to: Double, velocity: Double)
        /// `spring` from `from` at `velocity` onto `to`; `duration` is the first moment it is
        /// at rest (``Spring/isSettled(x0:v0:at:)``), when it is put exactly on `to`.
        case spring(Spring, from: Double, to: Double, velocity: Double, duration: Double)
        /// An eased scroll from `from` to `to` in `duration` seconds, starting and ending at rest.
        case eased(from: Double, to: Double, duration: Double, curve: Ease)
    }

    /// The curve of an ``Piece/eased(from:to:duration:curve:)`` piece.
    public enum Ease: Sendable, Equatable {
        /// iCarousel's cubic ease in and out (``DeckTransition/ease(_:)``).
        case cubic
        /// A Core Animation timing curve (the flip deck's `easeInOut`).
        case timing(TimingCurve)
    }

    /// The pieces, in order; none is a move that is already at rest.
    public var pieces: [Piece]
    /// Every time runs this many times slower, ≥ 1.
    public var slowdown = 1.0

    public init(_ pieces: [Piece], slowdown: Double = 1) {
        self.pieces = pieces
        self.slowdown = slowdown
    }

    /// No move: at rest where it is.
    public static let none = ScrollMotion([])

    /// Where the move starts, or nil for no move.
    public var from: Double? { pieces.first.map { $0.start.x } }

    /// Where it comes to rest, or nil for no move.
    public var to: Double? { pieces.last.map { $0.rest } }

    /// Seconds from the start until it is at rest (slowed).
    public var end: Double { pieces.reduce(0) { $0 + $1.duration } * slowdown }

    /// Whether it is at rest at `elapsed` seconds.
    public func isFinished(at elapsed: Double) -> Bool { elapsed >= end }

    /// The offset at `elapsed` seconds: exactly ``to`` once finished.
    public func position(at elapsed: Double) -> Double { state(at: elapsed).x }

    /// The velocity at `elapsed` seconds, points per second of unslowed time (0 once finished).
    public func velocity(at elapsed: Double) -> Double { state(at: elapsed).v }

    /// Position and velocity at `elapsed` seconds (`(0, 0)` for no move).
    public func state(at elapsed: Double) -> (x: Double, v: Double) {
        guard let last = pieces.last else { return (0, 0) }
        // At and after the end exactly at rest (the pieces' durations summed, as `end` does).
        guard elapsed < end else { return (last.rest, 0) }
        var t = max(elapsed / slowdown, 0)
        for piece in pieces {
            if t < piece.duration { return piece.state(at: t) }
            t -= piece.duration
        }
        return (last.rest, 0)
    }
}

extension ScrollMotion.Piece {
    /// How long the piece runs, unslowed seconds.
    public var duration: Double {
        switch self {
        case .decay(_, _, _, let d), .spring(_, _, _, _, let d), .eased(_, _, let d, _): d
        case .brake(let x0, let to, let v0):
            // A velocity of 0 or one away from `to` cannot brake onto it: no time.
            v0 != 0 && (to - x0) / v0 > 0 ? abs(to - x0) / abs(0.5 * v0) : 0
        }
    }

    /// Position and velocity at its start.
    public var start: (x: Double, v: Double) { state(at: 0) }

    /// Where it ends: exactly on its target for a brake, a spring and an ease.
    public var rest: Double {
        switch self {
        case .decay: state(at: duration).x
        case .brake(_, let to, _), .spring(_, _, let to, _, _), .eased(_, let to, _, _): to
        }
    }

    /// Position and velocity `t` unslowed seconds in (clamped to the piece).
    public func state(at t: Double) -> (x: Double, v: Double) {
        let t = min(max(t, 0), duration)
        switch self {
        case .decay(let x0, let v0, let k, _):
            let e = Double.exp(-k * t)
            // (1 − e^(−kt))/k, written with expMinusOne so a tiny k loses nothing.
            return (x0 - v0 * Double.expMinusOne(-k * t) / k, v0 * e)
        case .brake(let x0, let to, let v0):
            let d = duration
            guard d > 0, t < d else { return (to, 0) }
            return (x0 + v0 * t - 0.5 * (v0 / d) * t * t, v0 * (1 - t / d))
        case .spring(let spring, let x0, let to, let v0, let d):
            guard t < d else { return (to, 0) }
            let s = spring.state(x0: x0 - to, v0: v0, at: t)
            return (to + s.x, s.v)
        case .eased(let x0, let to, let d, let curve):
            guard d > 0 else { return (to, 0) }
            let (p, dp) = curve.progress(t / d)
            return (x0 + (to - x0) * p, (to - x0) * dp / d)
        }
    }
}

extension ScrollMotion.Ease {
    /// Progress and its rate (per unit of the duration's fraction) at the fraction `u`.
    func progress(_ u: Double) -> (p: Double, dp: Double) {
        let x = min(max(u, 0), 1)
        switch self {
        case .cubic:
            // e(x) = ½(2x)³ below ½, ½(2x − 2)³ + 1 above: e′ = 12x², 12(x − 1)².
            return (DeckTransition.ease(x), x < 0.5 ? 12 * x * x : 12 * (x - 1) * (x - 1))
        case .timing(let curve):
            let h = 1e-6
            let a = max(x - h, 0)
            let b = min(x + h, 1)
            return (curve.value(at: x), (curve.value(at: b) - curve.value(at: a)) / (b - a))
        }
    }
}

extension ScrollMotion {
    /// A spring piece from `from` at `velocity` onto `to`, run until it settles (at most
    /// ``Spring/longestRun``); nil when already at rest on `to`.
    static func settle(_ spring: Spring, from: Double, to: Double, velocity: Double) -> Piece? {
        guard from != to || velocity != 0 else { return nil }
        var motion = Motion(from: from, to: to, duration: 0, deceleration: 0.998)
        motion.spring = spring
        motion.velocity = velocity
        return .spring(spring, from: from, to: to, velocity: velocity, duration: motion.end)
    }
}
