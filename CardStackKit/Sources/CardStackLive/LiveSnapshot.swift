import CardLayout

/// What the daemon has in force, as a follower last heard it: the parameter set (whole), the
/// shared scroll offset and the deck's size.
public struct LiveSnapshot: Sendable, Equatable {
    /// The revision of ``parameters`` (grows with every change; a restarted daemon starts
    /// again at 1).
    public var revision: Int
    /// Every parameter in force, as `get_params` gives them.
    public var parameters: Parameters
    /// The daemon's offset, normalised (docs/protocol.md §4).
    public var offset: Double
    /// How many cards the deck holds after the daemon's deck edits (`layout.cards` until then).
    public var deckSize: Int
    /// Whether the daemon is animating (a fling, step or edit runs).
    public var animating: Bool
    /// The daemon's move in force (a frame event's `motion`), or nil at rest; only a
    /// follower with ``LiveFollower/Options/motion`` on keeps it.
    public var motion: MotionStart?
    /// The daemon's clock as estimated from round trips, or nil before the first.
    public var clock: LiveClockEstimate?
    /// The phone's own Reduce Motion setting, which picks the variant laid out and played here
    /// (``layoutParameters``), whatever the daemon's `animation.reduce_motion`: the full
    /// parameters when off, `Parameters.reducedVariant()` when on (docs/live.md, "Reduce Motion").
    public var reduceMotion: Bool

    public init(
        revision: Int, parameters: Parameters, offset: Double, deckSize: Int, animating: Bool = false,
        motion: MotionStart? = nil, clock: LiveClockEstimate? = nil, reduceMotion: Bool = false
    ) {
        self.reduceMotion = reduceMotion
        self.revision = revision
        self.parameters = parameters
        self.offset = offset
        self.deckSize = deckSize
        self.animating = animating
        self.motion = motion
        self.clock = clock
    }

    /// The move played here at any instant (``LiveMotion``): the daemon's offset at a
    /// display link's `targetTimestamp`.
    public var motionPlayer: LiveMotion {
        LiveMotion(motion: motion, parameters: layoutParameters, restOffset: offset, clock: clock)
    }

    /// The variant the phone's setting asks for (``reduceMotion``) of ``parameters``, with the
    /// deck's size in `layout.cards`, laid out as the daemon lays out that variant.
    public var layoutParameters: Parameters {
        var p = parameters
        p.animation.reduceMotion = reduceMotion
        p = p.inEffect
        p.layout.cards = max(deckSize, 1)
        return p
    }

    /// The cards at `offset` (the daemon's by default), computed here by `CardLayout`: what
    /// the daemon's `get_frame` holds at rest.
    public func cards(offset: Double? = nil) -> [CardPlacement] {
        Layout.frame(layoutParameters, offset: offset ?? self.offset, pastEdges: true).cards
    }
}

/// What changed in a ``LiveSnapshot``.
public struct LiveChange: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A new parameter set (or the first one).
    public static let parameters = LiveChange(rawValue: 1)
    public static let offset = LiveChange(rawValue: 2)
    public static let deck = LiveChange(rawValue: 4)
    public static let animating = LiveChange(rawValue: 8)
    /// A move began or ended (``LiveSnapshot/motion``).
    public static let motion = LiveChange(rawValue: 16)
    /// A new clock estimate (``LiveSnapshot/clock``).
    public static let clock = LiveChange(rawValue: 32)
}

/// What a follower tells the app, in order.
public enum LiveUpdate: Sendable, Equatable {
    /// The stream is up and the bridge reached its daemon.
    case connected
    /// The snapshot after a change: parameters, offset, deck, animating, motion or clock.
    case changed(LiveSnapshot, LiveChange)
    /// The daemon's file does not load: its error (the parameters in force stay).
    case configError(String)
    /// Something this package does not know (a newer daemon's key or event), kept or
    /// ignored; each is reported once.
    case notice(String)
    /// The connection failed or dropped; the follower tries again (except after
    /// ``LiveError/refused(_:)``) and the last good snapshot stays.
    case error(LiveError)
}
