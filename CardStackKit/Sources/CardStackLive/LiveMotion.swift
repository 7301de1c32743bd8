import CardLayout

/// The daemon's move, played here: given the move in force (a frame event's `motion`), the
/// parameters it runs under and the daemon's clock, the offset at any local instant is
/// computed by `CardLayout` exactly as the daemon computes its frame at that instant
/// (``MotionStart/offset(at:_:)``), so a display link asks for its own `targetTimestamp` at
/// its own rate (60, 80, 120 Hz or a variable one) and draws the daemon's move, not its
/// frames.
///
/// ```swift
/// let play = snapshot.motionPlayer
/// let offset = play.offset(atTargetTimestamp: link.targetTimestamp)
/// if !play.isMoving(atTargetTimestamp: link.targetTimestamp) { link.isPaused = true }
/// ```
///
/// A move heard late starts where the daemon's is now, not at its beginning: the instant
/// asked for is what counts. Without a move, or before the clock is known, it is the offset
/// last heard (the frame stream's).
public struct LiveMotion: Sendable, Equatable {
    /// The move in force, or nil at rest.
    public var motion: MotionStart?
    /// The parameters the move runs under, with the deck's size (``LiveSnapshot/layoutParameters``).
    public var parameters: Parameters
    /// The offset last heard: the answer at rest.
    public var restOffset: Double
    /// The daemon's clock (daemon time − local time), or nil before the first round trip.
    public var clock: LiveClockEstimate?

    public init(motion: MotionStart?, parameters: Parameters, restOffset: Double, clock: LiveClockEstimate?) {
        self.motion = motion
        self.parameters = parameters
        self.restOffset = restOffset
        self.clock = clock
    }

    /// The daemon's offset at local time `target` (a display link's `targetTimestamp`, on
    /// the clock the round trips were timed with).
    public func offset(atTargetTimestamp target: Double) -> Double {
        guard let motion, let clock else { return restOffset }
        return motion.offset(at: target + clock.offset, parameters)
    }

    /// Whether the daemon's move still runs at local time `target`: a display link runs
    /// while this holds and stops once it does not.
    public func isMoving(atTargetTimestamp target: Double) -> Bool {
        guard let motion, let clock else { return false }
        return !motion.motion(parameters).isFinished(at: target + clock.offset - motion.start)
    }
}
