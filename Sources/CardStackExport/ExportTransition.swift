import CardLayout
import CardStackProtocol

/// The transition an animated export plays: the daemon's own move for `next`, `prev` or a
/// fling from an offset, at speed 1 (`animation.slowdown` is a tuning aid an export leaves
/// out), and the frame at any moment of it.
public struct ExportTransition: Sendable {
    /// The parameters, with `slowdown` 1.
    public var parameters: Parameters
    public var animate: ExportAnimation
    /// The move, in unwrapped offsets, as ``Motion/step(from:to:velocity:animation:)`` or
    /// ``Motion/fling(from:to:velocity:animation:)`` builds it for the daemon.
    public var motion: Motion
    /// Seconds until the move is over (``Motion/end``).
    public var duration: Double

    public init(_ parameters: Parameters, from offset: Double, animate: ExportAnimation) {
        var p = parameters
        p.animation.slowdown = 1
        self.parameters = p
        self.animate = animate
        let start = Layout.normalize(offset, p)
        switch animate {
        case .next, .prev:
            let to = Layout.stepTarget(from: start, steps: animate == .next ? 1 : -1, p)
            motion = Motion.step(from: start, to: to, animation: p.animation)
        case .fling(let velocity):
            let to = Layout.flingTarget(from: start, velocity: velocity, p)
            motion = Motion.fling(from: start, to: to, velocity: velocity, animation: p.animation)
        }
        duration = motion.from == motion.to ? 0 : motion.end
    }

    /// The offset `t` seconds into the move, wrapped or clamped as the daemon's frames are.
    public func offset(at t: Double) -> Double {
        Layout.normalize(motion.position(at: t), parameters)
    }

    /// The frame `t` seconds into the move.
    public func frame(at t: Double) -> Frame {
        Layout.frame(parameters, offset: offset(at: t))
    }
}
