import CardLayout
import CardStackParams
import CardStackProtocol
import Logging
import NIOCore

/// The daemon's state and the one place that changes it: parameters, scroll position,
/// animation, the latest frame and the connected clients.
///
/// It lives on one event loop (every method must be called there), so no locks are needed:
/// `handle` applies every command, `broadcast` and `publishFrame` are the only fan-out.
/// Each frame is encoded once and the same bytes go to every subscriber.
final class Hub {
    let eventLoop: any EventLoop
    let logger: Logger
    let configuration: ServerConfiguration
    let started = NIODeadline.now()

    // Parameters.
    private(set) var parameters: Parameters
    var fileTree: ParamNode
    var overrides = ParamNode.emptyTable
    private(set) var revision = 1
    var source: ParamsSource
    let path: String?
    var configError: ConfigError?

    // The deck: the file's starting deck until `move`/`remove`/`insert` change it.
    var deck: Deck
    /// `parameters` with the deck applied: what every frame and every scroll rule uses.
    var deckParameters: Parameters

    // Scroll state: `offset` is always normalised (wrapped or clamped).
    var offset = 0.0
    var animation: Animation?
    /// A deck edit being animated.
    var editing: RunningEdit?
    /// CoverFlow2's toggle and the iOS 7 switcher's current card (LAYOUTS.md §2.4, §4).
    var memory = ScrollMemory()
    /// The last `scroll` command's time and amount, to estimate a drag's speed.
    var lastScroll: (time: Double, by: Double)?
    /// The next frame tick, while anything moves (a motion, a deck edit, the toggle).
    var ticker: Scheduled<Void>?

    /// A running move: its motion and when it started.
    struct Animation {
        var motion: Motion
        var start: NIODeadline
    }

    /// A running deck edit: the transition and when it started (hub clock, seconds).
    struct RunningEdit {
        var transition: DeckTransition
        var start: Double
    }

    // Frames.
    private(set) var seq = 0
    private(set) var frame: Frame
    private var encodedFrame: ByteBuffer?
    var framesSent = 0

    // Clients.
    private var clients: [Int: ClientHandler] = [:]
    /// The clients subscribed to frames, kept apart so a frame's fan-out is one tight loop.
    private var frameSubscribers: [ClientHandler] = []
    private var nextClientID = 1
    private(set) var accepting = true
    /// Called after every change of revision, clients or error (for sd_notify STATUS).
    var onStatusChange: ((Hub) -> Void)?

    init(
        eventLoop: any EventLoop, configuration: ServerConfiguration, logger: Logger, path: String?,
        initial: ParamsUpdate
    ) {
        self.eventLoop = eventLoop
        self.configuration = configuration
        self.logger = logger
        self.path = path
        var parameters = Parameters()
        var tree = ParamNode.emptyTable
        var source = ParamsSource.defaults
        switch initial {
        case let .loaded(loadedTree, resolved):
            parameters = resolved.parameters
            tree = loadedTree
            source = .file
        case let .failed(error):
            configError = error.configError
        case .removed, .unchanged:
            break
        }
        self.parameters = parameters
        self.fileTree = tree
        self.source = source
        self.deck = Deck(parameters)
        self.deckParameters = parameters
        self.frame = Layout.frame(parameters, offset: 0)
        memory.observe(offset: 0, at: 0, velocity: 0, animating: false, parameters: parameters)
    }

    var clientCount: Int { clients.count }

    /// Seconds since the daemon started (the clock of ``ScrollMemory`` and deck edits).
    var clock: Double { Double((NIODeadline.now() - started).nanoseconds) / 1e9 }

    /// Whether a motion or a deck edit is running (`animating` in `get_state`).
    var isAnimating: Bool { animation != nil || editing != nil }

    var state: StateInfo {
        StateInfo(
            offset: offset, front: frame.front, animating: isAnimating, clients: clients.count,
            revision: revision, framesSent: framesSent, uptime: clock, cards: deck.count)
    }

    var paramsInfo: ParamsInfo {
        ParamsInfo(
            revision: revision, source: source, path: path, params: parameters, error: configError,
            overrides: overriddenKeys)
    }

    // MARK: Clients

    func add(_ client: ClientHandler) -> Int? {
        guard accepting else { return nil }
        let id = nextClientID
        nextClientID += 1
        clients[id] = client
        client.sendMessage(.hello(Hello(version: configuration.version, revision: revision)))
        broadcast(.state(state), to: .state)
        onStatusChange?(self)
        return id
    }

    func remove(_ id: Int) {
        frameSubscribers.removeAll { $0.id == id }
        guard clients.removeValue(forKey: id) != nil else { return }
        broadcast(.state(state), to: .state)
        onStatusChange?(self)
    }

    /// Sends `message` to every client subscribed to `kind`.
    func broadcast(_ message: ServerMessage, to kind: EventKind) {
        let subscribers = clients.values.filter { $0.subscriptions.contains(kind) }
        guard !subscribers.isEmpty, let bytes = encode(message) else { return }
        for client in subscribers { client.sendReliable(bytes) }
    }

    /// The current frame event, encoded at most once per `seq`.
    var frameEvent: ByteBuffer? {
        if encodedFrame == nil {
            encodedFrame = encode(ServerMessage.frame(FrameEvent(seq: seq, revision: revision, frame: frame)))
        }
        return encodedFrame
    }

    /// The layout context now: the scroll memory and the deck edit in progress.
    func layoutContext(at time: Double) -> ScrollContext {
        var context = memory.context(at: time, animating: animation != nil)
        if var running = editing {
            running.transition.progress = min((time - running.start) / running.transition.edit.duration, 1)
            context.transition = running.transition
        }
        return context
    }

    /// Computes the frame for the current state and offers it to every frame subscriber.
    ///
    /// - Parameter nextComing: a tick is scheduled, so a subscriber whose socket is full
    ///   can simply wait for that frame.
    func publishFrame(nextComing: Bool = false) {
        seq += 1
        frame = Layout.frame(deckParameters, offset: offset, context: layoutContext(at: clock))
        encodedFrame = nil
        guard !frameSubscribers.isEmpty, let bytes = frameEvent else { return }
        var written = 0
        // A copy: a write that fails closes its client at once, which removes it from
        // `frameSubscribers`. The copy holds every subscriber: no retain per client.
        let snapshot = frameSubscribers
        snapshot.withUnsafeBufferPointer { subscribers in
            bytes.withUnsafeReadableBytes { raw in
                for index in subscribers.indices {
                    unowned(unsafe) let client = subscribers[index]
                    if client.offerFrame(bytes, raw, nextComing: nextComing) { written += 1 }
                }
            }
        }
        framesSent += written
    }

    /// Ticks stopped: frames parked for the next one go to NIO instead.
    func releaseParkedFrames() {
        for client in frameSubscribers where client.releaseParkedFrame() { framesSent += 1 }
    }

    /// One message as a line, ready to write to any number of clients.
    func encode(_ message: some Encodable) -> ByteBuffer? {
        do {
            var bytes = try WireJSON.encode(message)
            bytes.append(UInt8(ascii: "\n"))
            return ByteBuffer(bytes: bytes)
        } catch {
            logger.error("could not encode \(type(of: message)): \(error)")
            return nil
        }
    }

    /// Changes what `client` is subscribed to.
    func setSubscriptions(_ kinds: Set<EventKind>, of client: ClientHandler) {
        client.subscriptions = kinds
        guard client.id != nil else { return }
        let subscribed = frameSubscribers.contains { $0 === client }
        if kinds.contains(.frame), !subscribed {
            frameSubscribers.append(client)
        } else if !kinds.contains(.frame), subscribed {
            frameSubscribers.removeAll { $0 === client }
        }
    }

    // MARK: Parameters

    /// A new parameter file was read (or failed to).
    func apply(_ update: ParamsUpdate) {
        switch update {
        case let .loaded(tree, resolved):
            for warning in resolved.warnings { logger.warning("\(path ?? "parameters"): \(warning)") }
            fileTree = tree
            overrides = .emptyTable
            let hadError = configError != nil
            configError = nil
            install(resolved.parameters, source: .file)
            logger.info("loaded \(path ?? "parameters"): revision \(revision)\(hadError ? " (the earlier error is fixed)" : "")")
        case let .failed(error):
            configError = error.configError
            logger.error("\(error.description); keeping revision \(revision)")
            broadcast(.configError(error.configError), to: .configError)
            onStatusChange?(self)
        case .removed:
            logger.warning("\(path ?? "the parameter file") was removed; keeping revision \(revision) until it comes back")
        case .unchanged:
            break
        }
    }

    /// Puts `new` in force: one new revision, a `params` and a `state` event, one new frame.
    ///
    /// New `layout.cards` or `card.titles` start the deck over from them (dropping its
    /// edits); any other change keeps the edited deck.
    func install(_ new: Parameters, source: ParamsSource) {
        let old = parameters
        stopAnimation(announce: false)
        editing = nil
        memory.reset()
        // Keep the same card in front when the spacing changes.
        let position = offset / old.layout.spacing
        parameters = new
        if new.layout.cards != old.layout.cards || new.card.titles != old.card.titles {
            deck = Deck(new)
        }
        deckParameters = deck.applied(to: new)
        self.source = source
        revision += 1
        offset = Layout.normalize(position * new.layout.spacing, deckParameters)
        memory.observe(offset: offset, at: clock, velocity: 0, animating: false, parameters: deckParameters)
        broadcast(.params(paramsInfo), to: .params)
        broadcast(.state(state), to: .state)
        publishFrame()
        onStatusChange?(self)
    }

    // MARK: Shutdown

    /// Stops accepting, says `bye` to every client and closes them once it is flushed.
    func shutdown(reason: String) -> EventLoopFuture<Void> {
        accepting = false
        stopAnimation(announce: false)
        editing = nil
        ticker?.cancel()
        ticker = nil
        let closing = clients.values.map { $0.disconnect(reason: reason) }
        clients.removeAll()
        frameSubscribers.removeAll()
        return EventLoopFuture.andAllComplete(closing, on: eventLoop)
    }
}
