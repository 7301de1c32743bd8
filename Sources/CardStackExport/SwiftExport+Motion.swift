import CardLayout

extension SwiftExport {
    /// The pure motion API: the daemon's own moves (CardLayout's `Motion.step`,
    /// `Layout.stepTarget`, and for a fling the scroll model's `ScrollMotion.release`) with the exported parameters at speed 1, and
    /// the numbers the UIKit and SwiftUI adapters hand on, as plain `static let`s.
    static func motion(_ p: Parameters) -> String {
        let a = p.animation
        var lets = """
                /// Seconds a `next`, `prev`, `snap` or `scroll_to` takes along the curve\(a.spring == nil ? "" : " (the spring ignores it)").
                public static let duration = \(literal(a.duration))
                /// Seconds a deck edit takes: remove, insert, move.
                public static let removeDuration = \(literal(a.removeDuration))
                public static let insertDuration = \(literal(a.insertDuration))
                public static let editMoveDuration = \(literal(a.moveDuration))

            """
        if let spring = a.spring {
            lets += """
                    /// The spring as tuned (written as \(spring.written.dialect) in the file), read in every
                    /// dialect: iOS 17's perceptual duration and bounce (`Spring(duration:bounce:)`),
                    /// SwiftUI's response and dampingFraction (iOS 13), and UIKit's and Core
                    /// Animation's mass, stiffness (mass · (2π / response)²) and damping
                    /// (2 · dampingRatio · √(stiffness · mass)).
                    public static let springDuration = \(literal(spring.duration))
                    public static let bounce = \(literal(spring.bounce))
                    public static let response = \(literal(spring.response))
                    public static let dampingRatio = \(literal(spring.dampingRatio))
                    public static let mass = \(literal(spring.mass))
                    public static let stiffness = \(literal(spring.stiffness))
                    public static let damping = \(literal(spring.damping))

                """
        }
        if let points = a.curve.controlPoints {
            lets += """
                    /// The curve's cubic Bézier control points (\(a.curve.name.map { "Core Animation's \($0)" } ?? "tuned")).
                    public static let controlPoint1 = (x: \(literal(points[0])), y: \(literal(points[1])))
                    public static let controlPoint2 = (x: \(literal(points[2])), y: \(literal(points[3])))

                """
        } else {
            let fit = BezierFit.nearestToDecelerate
            let error = fit.error * p.layout.spacing
            lets += """
                    /// `decelerate` is no cubic Bézier: the nearest one, for APIs that need one.
                    /// Along a one-card move (\(literal(p.layout.spacing)) pt) it strays at most \(rounded(error)) pt from
                    /// the daemon's curve (\(rounded(fit.error * 100)) % of any move's length);
                    /// `offset(from:to:velocity:at:)` is exact.
                    public static let controlPoint1 = (x: \(literal(fit.points[0])), y: \(literal(fit.points[1])))
                    public static let controlPoint2 = (x: \(literal(fit.points[2])), y: \(literal(fit.points[3])))
                    /// The nearest Bézier's largest error, as a fraction of the move's length.
                    public static let nearestBezierError = \(literal(fit.error))

                """
        }
        return """

            /// The motion: how the offset moves in a `next`, `prev`, `snap`, `scroll_to` or fling,
            /// computed by the same CardLayout functions the daemon's session calls, at speed 1
            /// (the tuning file's `slowdown` is left out).
            extension TunedLayout {
            \(lets)
                /// `[animation]` as an app plays it: the exported table with `slowdown` 1.
                public static let motionParameters: Parameters.Animation = {
                    var a = parameters.animation
                    a.slowdown = 1
                    return a
                }()

                /// The offset `t` seconds after a move from `from` to `to` starts, with `velocity`
                /// (points per second, used by a spring) at the start: exactly the daemon's frames'
                /// offsets for `next`, `prev`, `snap` and `scroll_to`, wrapped or clamped like them.
                public static func offset(from: Double, to: Double, velocity: Double = 0, at t: Double) -> Double {
                    Layout.normalize(position(from: from, to: to, velocity: velocity, at: t), parameters)
                }

                /// The same move in unwrapped offsets (for a scroll view's contentOffset).
                public static func position(from: Double, to: Double, velocity: Double = 0, at t: Double) -> Double {
                    // Like the daemon, a move that goes nowhere does not run (whatever the velocity).
                    from == to ? to : Motion.step(from: from, to: to, velocity: velocity, animation: motionParameters).position(at: t)
                }

                /// Seconds until that move is over (a spring's settle time).
                public static func moveDuration(from: Double, to: Double, velocity: Double = 0) -> Double {
                    from == to ? 0 : Motion.step(from: from, to: to, velocity: velocity, animation: motionParameters).end
                }

                /// Where `next` (steps 1), `prev` (-1) or several steps go from `offset`, as the daemon computes it.
                public static func stepTarget(from offset: Double, steps: Int) -> Double {
                    Layout.stepTarget(from: offset, steps: steps, parameters)
                }

                /// Where a fling at `velocity` points per second from `offset` comes to rest
                /// (unwrapped): the scroll model's throw, `releaseTarget(from:velocity:)`.
                public static func flingTarget(from offset: Double, velocity: Double) -> Double {
                    releaseTarget(from: offset, velocity: velocity)
                }

                /// The offset `t` seconds into that fling, exactly as the daemon's frames have it
                /// (wrapped; past an edge while it bounces).
                public static func flingOffset(from offset: Double, velocity: Double, at t: Double) -> Double {
                    Layout.wrapped(flingPosition(from: offset, velocity: velocity, at: t), parameters)
                }

                /// The fling in unwrapped offsets.
                public static func flingPosition(from offset: Double, velocity: Double, at t: Double) -> Double {
                    releasePosition(from: offset, velocity: velocity, at: t)
                }

                /// Seconds until the fling is over.
                public static func flingDuration(from offset: Double, velocity: Double) -> Double {
                    releaseDuration(from: offset, velocity: velocity)
                }
            }

            """
    }

    /// `x` to 4 significant decimals, for comments.
    static func rounded(_ x: Double) -> String {
        "\((x * 10000).rounded() / 10000)"
    }
}
