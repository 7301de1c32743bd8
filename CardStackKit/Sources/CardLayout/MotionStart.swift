/// How a running move began: what a frame event carries while the move runs (`motion`,
/// docs/protocol.md §5.1), so that a recording says which motion each frame is a point of
/// and `cardstack verify` can compute that motion again from the recorded parameters.
///
/// ```swift
/// let start = MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: 12.5)
/// let offset = start.offset(at: 12.6, parameters)   // the frame's offset 0.1 s in
/// ```
public struct MotionStart: Sendable, Equatable, Codable {
    /// Which of the session's moves it is.
    public enum Kind: String, Sendable, Codable {
        /// `next`, `prev`, `snap` or an animated `scroll_to` (``Motion/step(from:to:velocity:animation:)``).
        case step
        /// `fling`: the scroll model's throw from `from` at `velocity` with no finger
        /// (``ScrollMotion/release(from:velocity:_:)``).
        case fling
        /// A drag's `ended`: the scroll model's release from `from` at `velocity`
        /// (``Drag/ended(velocity:_:)``); the flip deck's counts from `base`.
        case release
    }

    public var kind: Kind
    /// The offset the move starts from, in points (past an edge for a release there).
    public var from: Double
    /// The target in unwrapped space, in points.
    public var to: Double
    /// A step: the velocity a spring takes over from the move it interrupts; a fling or a
    /// release: the finger's velocity. Points per second.
    public var velocity: Double
    /// The daemon's clock when the move started, seconds (the frame events' `time`).
    public var start: Double
    /// A release of the flip deck's pan: the card the pan counted from (points); nil otherwise.
    public var base: Double?

    public init(kind: Kind, from: Double, to: Double, velocity: Double, start: Double, base: Double? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.velocity = velocity
        self.start = start
        self.base = base
    }

    /// The move under `parameters`: a step's as recorded; a fling's or a release's worked out
    /// again from its start and velocity by the scroll model in force.
    public func motion(_ parameters: Parameters) -> OffsetMove {
        switch kind {
        case .step:
            return .step(Motion.step(from: from, to: to, velocity: velocity, animation: parameters.animation))
        case .fling:
            return .scroll(ScrollMotion.release(from: from, velocity: velocity, parameters))
        case .release:
            if let base, parameters.scrollModel == .flip {
                return .scroll(FlipPan.release(from: from, base: base, parameters))
            }
            return .scroll(ScrollMotion.release(from: from, velocity: velocity, parameters))
        }
    }

    /// The offset at `time` on the daemon's clock as the daemon's frame at that time has it:
    /// wrapped when the deck wraps, past an edge during a fling's or a release's bounce.
    public func offset(at time: Double, _ parameters: Parameters) -> Double {
        let move = motion(parameters)
        guard !move.isStill else { return Layout.normalize(move.to(or: from), parameters) }
        let x = move.position(at: time - start)
        return move.passesEdges ? Layout.wrapped(x, parameters) : Layout.normalize(x, parameters)
    }
}
