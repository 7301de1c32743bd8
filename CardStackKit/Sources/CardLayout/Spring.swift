import RealModule

/// A damped spring with SwiftUI's parameters (`animation.spring`): `response`, the period in
/// seconds of the undamped oscillation (angular frequency ω = 2π / response), and
/// `dampingRatio` ζ (below 1 it overshoots, 1 is critically damped, above 1 creeps in).
///
/// The motion is the closed form of x″ + 2ζω x′ + ω² x = 0 for the distance x left to the
/// target, from a start distance x₀ and a start velocity v₀ (points per second, positive
/// toward larger offsets): no integration, so any time gives the same answer.
///
/// The file may write the same spring in other words (docs/parameters.md, "Springs in
/// every dialect"): Apple's iOS 17 `duration` and `bounce`, UIKit's and Core Animation's
/// `mass`, `stiffness` and `damping`, or SwiftUI's names `smooth`, `snappy` and `bouncy`.
/// Each is turned into ζ and `response` here, once; ``written`` keeps the words it came in,
/// so `save` writes the spring back the way it was given, and ``duration``, ``bounce``,
/// ``mass``, ``stiffness`` and ``damping`` read it in every dialect.
public struct Spring: Sendable, Equatable {
    // Set only by the initialisers, so the numbers and the words they came in never disagree.
    public internal(set) var dampingRatio: Double
    public internal(set) var response: Double
    /// How the spring was written; the motion uses only ``dampingRatio`` and ``response``.
    public internal(set) var written: Written = .dampingRatio

    /// The words a spring was given in.
    public enum Written: Sendable, Equatable {
        /// `{ damping_ratio, response }` (SwiftUI's `spring(response:dampingFraction:)`).
        case dampingRatio
        /// `{ duration, bounce }` (iOS 17's `Spring(duration:bounce:)`), the numbers as written.
        case durationBounce(duration: Double, bounce: Double)
        /// `{ mass, stiffness, damping }` (`CASpringAnimation`, `Spring(mass:stiffness:damping:)`).
        case physical(mass: Double, stiffness: Double, damping: Double)
        /// `"smooth"`, `"snappy"` or `"bouncy"` (SwiftUI's named springs).
        case named(String)

        /// The dialect's name in `get_params` (`spring.dialect`).
        public var dialect: String {
            switch self {
            case .dampingRatio: "damping_ratio"
            case .durationBounce: "duration_bounce"
            case .physical: "mass_stiffness_damping"
            case .named(let name): name
            }
        }
    }

    /// SwiftUI's named springs: perceptual duration 0.5 s and their bounce (`Spring.smooth`,
    /// `.snappy`, `.bouncy`: base bounce 0, 0.15 and 0.3).
    public static let named: [(name: String, duration: Double, bounce: Double)] = [
        ("smooth", 0.5, 0), ("snappy", 0.5, 0.15), ("bouncy", 0.5, 0.3),
    ]

    /// Within this many points of the target...
    public static let settleDistance = 0.001
    /// ...and slower than this many points per second, the spring is at rest.
    public static let settleSpeed = 0.05
    /// A spring that has not settled by then (seconds) is put on its target anyway.
    public static let longestRun = 60.0

    public init(dampingRatio: Double, response: Double) {
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// iOS 17's spring: response = duration; ζ = 1 − bounce for bounce ≥ 0 and
    /// 1 / (1 + bounce) for an overdamped (negative) bounce.
    public init(duration: Double, bounce: Double) {
        self.init(dampingRatio: Self.dampingRatio(bounce: bounce), response: duration)
        written = .durationBounce(duration: duration, bounce: bounce)
    }

    /// UIKit's and Core Animation's spring: ω = √(stiffness / mass), so response =
    /// 2π √(mass / stiffness); ζ = damping / (2 √(stiffness · mass)).
    public init(mass: Double, stiffness: Double, damping: Double) {
        self.init(
            dampingRatio: damping / (2 * (stiffness * mass).squareRoot()),
            response: 2 * Double.pi * (mass / stiffness).squareRoot())
        written = .physical(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// One of SwiftUI's named springs, or nil for another name.
    public init?(named name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self.init(duration: entry.duration, bounce: entry.bounce)
        written = .named(name)
    }

    /// SwiftUI's `Spring.smooth`, `.snappy` and `.bouncy`.
    public static let smooth = Spring(named: "smooth")!
    public static let snappy = Spring(named: "snappy")!
    public static let bouncy = Spring(named: "bouncy")!

    /// ζ for an iOS 17 bounce.
    public static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// iOS 17's perceptual duration: the response (as written, for a spring given that way).
    public var duration: Double {
        if case .durationBounce(let d, _) = written { return d }
        return response
    }

    /// iOS 17's bounce: 1 − ζ up to critical damping, 1/ζ − 1 beyond (as written, for a
    /// spring given that way or by name).
    public var bounce: Double {
        switch written {
        case .durationBounce(_, let b): return b
        case .named(let name): return Self.named.first { $0.name == name }?.bounce ?? 1 - dampingRatio
        default: return dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
        }
    }

    /// The mass (1 unless written otherwise).
    public var mass: Double {
        if case .physical(let m, _, _) = written { return m }
        return 1
    }

    /// The stiffness: mass · ω².
    public var stiffness: Double {
        if case .physical(_, let k, _) = written { return k }
        return mass * angularFrequency * angularFrequency
    }

    /// The damping coefficient: 2ζ √(stiffness · mass) = 4πζ · mass / response.
    public var damping: Double {
        if case .physical(_, _, let c) = written { return c }
        return 4 * Double.pi * dampingRatio * mass / response
    }

    /// ω, radians per second.
    public var angularFrequency: Double { 2 * Double.pi / response }

    /// The distance left to the target and its rate of change at `t` seconds, starting
    /// `x0` points from the target with velocity `v0`.
    public func state(x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
        let w = angularFrequency
        let z = dampingRatio
        guard t > 0 else { return (x0, v0) }
        if abs(z - 1) < 1e-9 {
            // Critically damped: x = e^(−ωt)(x₀ + (v₀ + ωx₀)t).
            let e = Double.exp(-w * t)
            let b = v0 + w * x0
            return (e * (x0 + b * t), e * (b - w * (x0 + b * t)))
        }
        if z < 1 {
            // Underdamped: x = e^(−ζωt)(x₀ cos ω_d t + (v₀ + ζωx₀)/ω_d sin ω_d t).
            let wd = w * (1 - z * z).squareRoot()
            let a = x0
            let b = (v0 + z * w * x0) / wd
            let e = Double.exp(-z * w * t)
            let c = Double.cos(wd * t)
            let s = Double.sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - z * w * a) * c - (a * wd + z * w * b) * s)
            return (x, v)
        }
        // Overdamped: two decaying exponentials, rates r₁ and r₂.
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root)
        let r2 = -w * (z + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = Double.exp(r1 * t)
        let e2 = Double.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// Whether the spring is at rest at `t`: near the target and nearly still, or run too long.
    public func isSettled(x0: Double, v0: Double, at t: Double) -> Bool {
        if t >= Self.longestRun { return true }
        let (x, v) = state(x0: x0, v0: v0, at: t)
        return abs(x) <= Self.settleDistance && abs(v) <= Self.settleSpeed
    }
}
