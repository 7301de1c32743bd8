import CardLayout
import CardStackFiles
import CardStackParams
import CardStackProtocol
import CardStackSession
import CardStackSystem
import CardStackWire
import Logging
import NIOCore

/// The session's driver on the event loop: owns the clients, the tick timer and the writes.
///
/// Every command, tick and reload goes into the ``Session`` (a plain value that holds all
/// the session's state and logic) with the time; its reply and ``Effect``s come back out and
/// are carried out here (Hub+Effects.swift). Every method must be called on `eventLoop`, so
/// no locks are needed. Each frame is encoded once and the same bytes go to every subscriber.
final class Hub {
    let eventLoop: any EventLoop
    let logger: Logger
    let configuration: ServerConfiguration
    let started = NIODeadline.now()

    /// Everything the session knows.
    var session: Session
    /// Where `preset` looks.
    let presets: PresetLibrary
    /// The file the last `save` replaced, watched a while for a late write (Hub+Tuning.swift).
    var lateEdits = SavedFile.LateEditWatch()

    /// The next frame tick, while anything moves.
    var ticker: Scheduled<Void>?

    /// The frame event last encoded, and its `seq`.
    var encodedFrame: (seq: Int, bytes: ByteBuffer)?

    /// Every connected client's outbox and where its bytes go, by id. Who is subscribed to
    /// what is the session's to know (``Session/subscribers(of:)``).
    var links: [ClientID: ClientLink] = [:]
    /// ``frameLinks`` and the session's ``Session/subscriptionsVersion`` it was made at.
    var fanout: (version: Int, links: [ClientLink]) = (-1, [])
    /// Work put off to the loop's next turn (a client's requests past its share of one
    /// turn); nil runs it as a plain task (tests on an embedded loop).
    var turns: Turns?
    /// Called after every change of revision, clients or error (for sd_notify STATUS).
    var onStatusChange: ((Hub) -> Void)?
    /// The look's image files (Hub+Images.swift).
    var images = HubImages()
    /// Replies kept written: `get_schema`'s, the last exports (Hub+Replies.swift).
    var replies = ReplyCache()
    /// The tables of the parameter set last written in a `params` reply or event: the next
    /// one writes only those that changed (``encode(_:)``).
    var paramsWire = ParamsWireCache()

    /// Everything the hub holds is set here or by its own files (Hub+*.swift); no other type
    /// changes it. `presets` are the files `preset NAME` reads, `watch` how the parameter
    /// file is watched (`get_state`'s `watch`).
    init(
        eventLoop: any EventLoop, configuration: ServerConfiguration, logger: Logger, path: String?,
        initial: ParamsUpdate, loadedBytes: [UInt8]? = nil, presets: PresetLibrary = PresetLibrary(directories: []),
        watch: WatchInfo? = nil
    ) {
        self.eventLoop = eventLoop
        self.configuration = configuration
        self.logger = logger
        self.presets = presets
        self.session = Session(
            version: configuration.version, path: path, initial: initial, loadedBytes: loadedBytes,
            wallClock: SystemClock.wall)
        session.watch = watch
        checkImages(force: true)
    }

    var clientCount: Int { session.clientCount }
    var revision: Int { session.revision }
    var configError: ConfigError? { session.configError }
    var path: String? { session.path }

    /// `frames_sent`: each client's outbox counts the frames it sent (``Outbox/framesSent``);
    /// those of clients that left stay counted here.
    var framesSent: Int { links.values.reduce(framesOfClientsGone) { $0 + $1.outbox.framesSent } }
    private var framesOfClientsGone = 0

    /// Seconds since the daemon started: the session's time.
    var clock: Double { Double((NIODeadline.now() - started).nanoseconds) / 1e9 }

    // MARK: Clients

    /// Registers a connection and returns its id; ``welcome(_:)`` then says hello. Two steps,
    /// because writing `hello` can find the peer gone and close the connection at once: the
    /// connection must know its id by then, or its removal would miss it.
    func join(_ channel: any Channel, descriptor: CInt, logger: Logger) -> ClientID? {
        guard let id = session.join() else { return nil }
        links[id] = ClientLink(
            outbox: Outbox(maximumBacklogBytes: configuration.maximumBacklogBytes), descriptor: descriptor,
            channel: channel, logger: logger)
        return id
    }

    /// Sends `hello` to a client ``join(_:descriptor:logger:)`` registered, and tells
    /// everyone it came.
    func welcome(_ id: ClientID) {
        let (hello, effects) = session.welcome(id, at: clock)
        send(.hello(hello), to: id)
        carry(effects)
    }

    /// The connection of client `id` closed.
    func remove(_ id: ClientID) {
        guard let link = links.removeValue(forKey: id) else { return }
        link.outbox.closed()
        framesOfClientsGone += link.outbox.framesSent
        carry(session.leave(id, at: clock))
    }

    // MARK: Commands, ticks and reloads

    /// A new parameter file was read (or failed to); `bytes` is the content that loaded.
    func apply(_ update: ParamsUpdate, bytes: [UInt8]? = nil) {
        carry(session.load(update, bytes: bytes, at: clock))
    }

    /// The tick the session asked for is due.
    ///
    /// When building and sending the frame took longer than its interval, the session
    /// drops the ticks that would follow at once (``Session/tickFinished(started:finished:)``):
    /// a tick already due when it is scheduled would run before the loop reads any socket
    /// again, so requests are answered between ticks.
    func tick() {
        ticker = nil
        let started = clock
        carry(session.tick(at: started))
        carry(session.tickFinished(started: started, finished: clock))
    }

    // MARK: Shutdown

    /// Stops accepting, says `bye` to every client and closes them once it is flushed.
    func shutdown(reason: String) -> EventLoopFuture<Void> {
        ticker?.cancel()
        ticker = nil
        stopImages()
        _ = session.shutdown(reason: reason)
        let closing = links.keys.sorted().compactMap { links[$0] }.map { disconnect($0, reason: reason) }
        links.removeAll()
        fanout = (-1, [])
        return EventLoopFuture.andAllComplete(closing, on: eventLoop)
    }
}
