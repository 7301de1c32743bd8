import RealModule

/// A damped spring with SwiftUI's parameters (`animation.spring`): `response`, the period in
/// seconds of the undamped oscillation (angular frequency ω = 2π / response), and
/// `dampingRatio` ζ (below 1 it overshoots, 1 is critically damped, above 1 creeps in).
///
/// The motion is the closed form of x″ + 2ζω x′ + ω² x = 0 for the distance x left to the
/// target, from a start distance x₀ and a start velocity v₀ (points per second, positive
/// toward larger offsets): no integration, so any time gives the same answer.
public struct Spring: Sendable, Equatable, Codable {
    public var dampingRatio: Double
    public var response: Double

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

    enum CodingKeys: String, CodingKey {
        case dampingRatio = "damping_ratio"
        case response
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
