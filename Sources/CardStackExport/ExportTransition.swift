import CardLayout
import CardStackProtocol

/// The transition an animated export plays: the daemon's own move for `next`, `prev` or a
/// fling from an offset, at speed 1 (`animation.slowdown` is a tuning aid an export leaves
/// out), and the frame at any moment of it.
public struct ExportTransition: Sendable {
    /// The parameters, with `slowdown` 1.
    public var parameters: Parameters
    public var animate: ExportAnimation
    /// The move, in unwrapped offsets, as the daemon's session builds it: a step
    /// (``Motion/step(from:to:velocity:animation:)``) for `next` and `prev`, the scroll model's
    /// throw (``ScrollMotion/release(from:velocity:_:)``, past an edge and back where the model
    /// bounces) for a fling.
    public var move: OffsetMove
    /// Seconds until the move is over (``OffsetMove/end``; 0 when it does not move).
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
            move = .step(Motion.step(from: start, to: to, animation: p.animation))
        case .fling(let velocity):
            move = .scroll(ScrollMotion.release(from: start, velocity: velocity, p))
        }
        self.from = start
        duration = move.isStill ? 0 : move.end
    }

    /// Where the move starts (the export's offset, normalised).
    public var from: Double

    /// Where it comes to rest, unwrapped.
    public var to: Double { move.to(or: from) }

    /// Whether a spring shapes the move (a step under `animation.spring`).
    public var isSpring: Bool {
        if case .step(let m) = move { return m.spring != nil }
        return false
    }

    /// The offset `t` seconds into the move, as the daemon's frames have it: wrapped, and
    /// past an edge only during a scroll model's move.
    public func offset(at t: Double) -> Double {
        let x = move.position(at: t)
        return move.passesEdges ? Layout.wrapped(x, parameters) : Layout.normalize(x, parameters)
    }

    /// The frame `t` seconds into the move.
    public func frame(at t: Double) -> Frame {
        Layout.frame(parameters, offset: offset(at: t), pastEdges: move.passesEdges)
    }
}
