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
        /// `fling` (``Motion/fling(from:to:velocity:animation:)``); its target follows from
        /// `from` and `velocity` (``Layout/flingTarget(from:velocity:_:)``).
        case fling
    }

    public var kind: Kind
    /// The offset the move starts from (normalised), in points.
    public var from: Double
    /// The target in unwrapped space, in points.
    public var to: Double
    /// A step: the velocity a spring takes over from the move it interrupts; a fling: the
    /// fling's velocity. Points per second.
    public var velocity: Double
    /// The daemon's clock when the move started, seconds (the frame events' `time`).
    public var start: Double

    public init(kind: Kind, from: Double, to: Double, velocity: Double, start: Double) {
        self.kind = kind
        self.from = from
        self.to = to
        self.velocity = velocity
        self.start = start
    }

    /// The move under `parameters`: a fling's target worked out again from its start and
    /// velocity, a step's as recorded.
    public func motion(_ parameters: Parameters) -> Motion {
        switch kind {
        case .step:
            return Motion.step(from: from, to: to, velocity: velocity, animation: parameters.animation)
        case .fling:
            let target = Layout.flingTarget(from: from, velocity: velocity, parameters)
            return Motion.fling(from: from, to: target, velocity: velocity, animation: parameters.animation)
        }
    }

    /// The offset at `time` on the daemon's clock (wrapped or clamped), as the daemon's
    /// frame at that time has it.
    public func offset(at time: Double, _ parameters: Parameters) -> Double {
        let motion = motion(parameters)
        guard motion.from != motion.to else { return Layout.normalize(motion.to, parameters) }
        return Layout.normalize(motion.position(at: time - start), parameters)
    }
}
