import CardLayout
import CardStackParams
import CardStackProtocol

/// One daemon's session as a plain value: the parameters in force and where they came from,
/// their history, the deck and its edits, the scroll offset and its motion, the circle
/// reveal, the per-style scroll memory, the latest frame and who is connected.
///
/// Nothing here reads a clock, a file or a socket: every entry point takes the time as a
/// value (seconds since the session started) and answers with a reply and the ``Effect``s
/// its driver carries out, in order, after the reply. Every command is handled in
/// ``apply(_:from:at:)`` (Session+Commands.swift).
public struct Session: Sendable {
    /// The daemon's version, for `hello` and `export`.
    public let version: String
    /// The parameter file, if any.
    public let path: String?
    /// Unix seconds at session time 0 (history entries are read by people).
    let wallClockAtStart: Double

    // Parameters.
    public internal(set) var parameters: Parameters {
        didSet { unsaved.inForce(parameters) }
    }
    /// The file's tree as last loaded or saved.
    public internal(set) var fileTree: ParamNode
    var overrides = ParamNode.emptyTable
    /// The file's values as last loaded or saved (nil while no file has loaded): what the
    /// values in force are compared with for `unsaved`.
    var fileParameters: Parameters? {
        didSet { unsaved.file(fileParameters) }
    }
    /// What differs between the two: `unsaved`.
    var unsaved: UnsavedKeys
    /// The tree the parameters in force resolve from: the file's, a preset's or an undone
    /// set's, with `set_params` merged in.
    var inForceTree: ParamNode
    /// The content of the file as last loaded: what `save` expects to find on disk.
    public internal(set) var loadedBytes: [UInt8]?
    /// The sets in force so far, for `history`, `undo` and `redo`.
    var history = ParamsHistory()
    public internal(set) var revision = 1
    public internal(set) var source: ParamsSource
    public internal(set) var configError: ConfigError?
    /// The error in force when the file was deleted, back in force if the file returns as it was.
    var configErrorBeforeRemoval: ConfigError?

    // The deck: the file's starting deck until `move`/`remove`/`insert` change it.
    var deck: Deck
    /// `parameters` in effect (the reduced variant when `animation.reduce_motion` is on:
    /// ``Parameters/inEffect``) with the deck applied: what every frame, motion and scroll
    /// rule uses.
    var deckParameters: Parameters

    // Scroll state: `offset` is always normalised (wrapped or clamped).
    public internal(set) var offset = 0.0
    var animation: Animation?
    /// A deck edit being animated.
    var editing: RunningEdit?
    /// CoverFlow2's toggle and the iOS 7 switcher's current card (docs/layouts.md §2.4, §4).
    var memory = ScrollMemory()
    /// The last `scroll` command's time and amount, to estimate a drag's speed.
    var lastScroll: (time: Double, by: Double)?
    /// When the next tick is due, while anything moves (a motion, a deck edit, the toggle).
    public internal(set) var tickDue: Double?
    /// The circle reveal while it runs or is open (`open`/`close`).
    var reveal: SessionReveal?
    /// Reduce Motion's dissolve in place of a step's move, while it runs (Session+Crossfade.swift).
    var fading: RunningFade?

    /// The finger on the deck (`drag`) and the client whose it is.
    var finger: (client: ClientID, drag: Drag)?

    /// A running move: its motion and when it started.
    struct Animation: Sendable {
        var motion: OffsetMove
        var start: Double
        /// How it began, for the frame events (`motion`).
        var record: MotionStart
    }

    /// A running deck edit: the transition, when it started and how long it runs,
    /// slowdown included.
    struct RunningEdit: Sendable {
        var transition: DeckTransition
        var start: Double
        var duration: Double
    }

    // Frames.
    public internal(set) var seq = 0
    public internal(set) var frame: Frame
    /// When `frame` was computed: the frame event's `time`.
    public internal(set) var frameTime = 0.0
    /// The move `frame` is a point of, and the scroll state it was laid out with: the frame
    /// event's `motion` and `context`.
    var frameMove: MotionStart?
    var frameContext = ScrollContext.resting
    /// Frames written to clients (`frames_sent`): counted by the driver, which writes them.
    public var framesSent = 0
    /// What the daemon found wrong with the image files `card.images` names (one sentence
    /// each, with the key, file and reason) and how often it saw one change: set by the
    /// hub, which reads the files; carried in `params`.
    public var imageProblems: [String] = []
    public var imagesVersion = 0

    // Clients and what each is subscribed to.
    var clients: [ClientID: Set<EventKind>] = [:]
    /// The clients subscribed to each kind, in the order they subscribed: an event costs its
    /// subscribers, not every client, and a frame's fan-out walks one array. Read by the
    /// driver as a stored property: a method called on a session a class holds copies the
    /// whole session first (3.4 k instructions, twice per `set_params` for events no one
    /// follows, docs/performance.md).
    public internal(set) var subscribers: [EventKind: [ClientID]] = [:]
    /// Changes whenever ``subscribers(of:)`` may have: a driver keeping something derived
    /// from the subscribers knows when to look again.
    public internal(set) var subscriptionsVersion = 0
    var nextClientID = 1
    public internal(set) var accepting = true

    /// Each client's grid of variants (Session+Variants.swift).
    var grids: [ClientID: VariantGrid] = [:] {
        didSet { gridClients = grids.keys.sorted() }
    }
    /// The clients with a grid, in the order they joined. Stored, not worked out from
    /// `grids`: the driver reads it on every frame's fan-out, and reading a computed property
    /// of a session a class holds copies the whole session first (docs/performance.md).
    public private(set) var gridClients: [ClientID] = []
    /// Whether the scheduled tick moves the daemon's own frame (not only grids' cells).
    var mainTicks = false

    /// The effects of the entry point running now.
    var effects: [Effect] = []

    /// A session on the file's first load (or its failure).
    ///
    /// - Parameters:
    ///   - wallClock: Unix seconds now (session time 0).
    public init(
        version: String, path: String?, initial: ParamsUpdate, loadedBytes: [UInt8]? = nil, wallClock: Double = 0
    ) {
        self.version = version
        self.path = path
        self.wallClockAtStart = wallClock
        var parameters = Parameters()
        var tree = ParamNode.emptyTable
        var source = ParamsSource.defaults
        switch initial {
        case .loaded(let loadedTree, let resolved):
            parameters = resolved.parameters
            tree = loadedTree
            source = .file
            fileParameters = resolved.parameters
        case .failed(let error):
            configError = error.configError
        case .removed, .unchanged:
            break
        }
        self.parameters = parameters
        unsaved = UnsavedKeys(inForce: parameters, file: fileParameters)
        self.fileTree = tree
        self.inForceTree = tree
        self.loadedBytes = loadedBytes
        self.source = source
        self.deck = Deck(parameters)
        let playing = parameters.inEffect
        self.deckParameters = playing
        self.frame = Layout.frame(playing, offset: 0)
        memory.slowdown = playing.animation.slowdown
        memory.observe(offset: 0, at: 0, velocity: 0, animating: false, parameters: playing)
        history.record(revision: revision, source: source, time: wallClock, tree: tree, parameters: parameters)
    }

    public var clientCount: Int { clients.count }

    /// How the driver watches the parameter file, for `get_state` (the driver sets it).
    public var watch: WatchInfo?

    /// Whether a motion, a deck edit or the reveal is running (`animating` in `get_state`).
    public var isAnimating: Bool { animation != nil || editing != nil || reveal?.motion != nil || fading != nil }

    /// `get_state` at `now`.
    public func state(at now: Double) -> StateInfo {
        StateInfo(
            offset: offset, front: frame.front, animating: isAnimating, clients: clients.count,
            revision: revision, framesSent: framesSent, uptime: now, cards: deck.count, watch: watch)
    }

    public var paramsInfo: ParamsInfo {
        ParamsInfo(
            revision: revision, source: source, path: path, params: parameters, error: configError,
            overridden: overrides.dottedKeys,
            unsaved: unsaved.keys,
            warnings: parameters.warnings + imageProblems, effective: parameters.effectiveCarousel,
            imagesVersion: imagesVersion)
    }

    /// The frame in force as an event.
    public var frameEvent: FrameEvent {
        var event = FrameEvent(seq: seq, revision: revision, frame: frame, time: frameTime)
        event.motion = frameMove
        event.coverflowToggle = frameContext.coverFlowToggle
        event.switcherCurrent = frameContext.switcherCurrent
        return event
    }

    /// The subscriptions of `client`.
    public func subscriptions(of client: ClientID) -> Set<EventKind> { clients[client] ?? [] }

    /// The clients subscribed to `kind`, in the order they subscribed.
    public func subscribers(of kind: EventKind) -> [ClientID] { subscribers[kind] ?? [] }

    func wallClock(at now: Double) -> Double { wallClockAtStart + now }

    /// Runs `body` and hands back the effects it emitted.
    mutating func collecting(_ body: (inout Session) -> Void) -> [Effect] {
        let outer = effects
        effects = []
        body(&self)
        let emitted = effects
        effects = outer
        return emitted
    }

    mutating func emit(_ effect: Effect) { effects.append(effect) }

    // MARK: Clients

    /// Registers a new client and returns its id, or nil once the session is shutting down.
    public mutating func join() -> ClientID? {
        guard accepting else { return nil }
        let id = nextClientID
        nextClientID += 1
        clients[id] = []
        return id
    }

    /// What a client ``join()`` registered is told first, and what its coming causes.
    public mutating func welcome(_ client: ClientID, at now: Double) -> (hello: Hello, effects: [Effect]) {
        (Hello(version: version, revision: revision), [.publishState, .statusChanged])
    }

    /// A client went away.
    public mutating func leave(_ client: ClientID, at now: Double) -> [Effect] {
        guard let kinds = clients.removeValue(forKey: client) else { return [] }
        for kind in kinds { subscribers[kind]?.removeAll { $0 == client } }
        grids[client] = nil
        subscriptionsVersion += 1
        // A finger whose connection went away lets go at rest.
        let released = collecting { $0.releaseFinger(of: client, at: now) }
        return released + [.publishState, .statusChanged]
    }

    /// Stops accepting and moving; every client is to be told `reason` and closed.
    public mutating func shutdown(reason: String) -> [Effect] {
        accepting = false
        animation = nil
        finger = nil
        editing = nil
        reveal = nil
        tickDue = nil
        let closing = clients.keys.sorted().map { Effect.close($0, reason: reason) }
        clients.removeAll()
        subscribers.removeAll()
        grids.removeAll()
        subscriptionsVersion += 1
        return closing
    }

    // MARK: Frames

    /// The layout context at `time`: the scroll memory and the deck edit in progress.
    func layoutContext(at time: Double) -> ScrollContext {
        var context = memory.context(at: time, animating: animation != nil)
        if var running = editing {
            running.transition.progress = min((time - running.start) / running.duration, 1)
            context.transition = running.transition
        }
        return context
    }

    /// Computes and publishes the frame of the parameters in force (``Effect/layOut``).
    public mutating func layOut(at now: Double) -> [Effect] {
        collecting { $0.publishFrame(at: now) }
    }

    /// - Parameter move: the move this frame belongs to when it is no longer running (its
    ///   last frame); the running move's otherwise.
    mutating func publishFrame(nextComing: Bool = false, at now: Double, move: MotionStart? = nil) {
        seq += 1
        frameContext = layoutContext(at: now)
        frameMove = move ?? animation?.record
        frame = Layout.frame(deckParameters, offset: offset, context: frameContext, pastEdges: true)
        if let fade = fading { frame.cards = fade.cards(over: frame.cards, at: now) }
        frame.reveal = revealInFrame()
        frameTime = now
        emit(.publishFrame(frameEvent, nextComing: nextComing))
    }
}
