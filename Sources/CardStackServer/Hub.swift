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

    // Scroll state: `offset` is always normalised (wrapped or clamped).
    var offset = 0.0
    var animation: Animation?

    /// A running move: its motion, when it started, and the next tick.
    struct Animation {
        var motion: Motion
        var start: NIODeadline
        var interval: TimeAmount
        var ticks: Int
        var next: Scheduled<Void>
    }

    // Frames.
    private(set) var seq = 0
    private(set) var frame: Frame
    private var encodedFrame: ByteBuffer?
    var framesSent = 0

    // Clients.
    private var clients: [Int: ClientHandler] = [:]
    /// The clients subscribed to frames, kept apart so a frame's fan-out is one tight loop.
    private var frameSubscribers: [Int: ClientHandler] = [:]
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
        self.frame = Layout.frame(parameters, offset: 0)
    }

    var clientCount: Int { clients.count }

    var state: StateInfo {
        StateInfo(
            offset: offset, front: frame.front, animating: animation != nil, clients: clients.count,
            revision: revision, framesSent: framesSent,
            uptime: Double((NIODeadline.now() - started).nanoseconds) / 1e9)
    }

    var paramsInfo: ParamsInfo {
        ParamsInfo(revision: revision, source: source, path: path, params: parameters, error: configError)
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
        frameSubscribers[id] = nil
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

    /// Computes the frame for the current state and offers it to every frame subscriber.
    func publishFrame() {
        seq += 1
        frame = Layout.frame(parameters, offset: offset)
        encodedFrame = nil
        guard !frameSubscribers.isEmpty, let bytes = frameEvent else { return }
        for client in frameSubscribers.values { client.offerFrame(bytes) }
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

    /// Changes what `client` (with `id`) is subscribed to.
    func setSubscriptions(_ kinds: Set<EventKind>, of client: ClientHandler, id: Int?) {
        client.subscriptions = kinds
        guard let id else { return }
        frameSubscribers[id] = kinds.contains(.frame) ? client : nil
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
    func install(_ new: Parameters, source: ParamsSource) {
        let old = parameters
        stopAnimation(announce: false)
        // Keep the same card in front when the spacing changes.
        let position = offset / old.layout.spacing
        parameters = new
        self.source = source
        revision += 1
        offset = Layout.normalize(position * new.layout.spacing, new)
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
        let closing = clients.values.map { $0.disconnect(reason: reason) }
        clients.removeAll()
        frameSubscribers.removeAll()
        return EventLoopFuture.andAllComplete(closing, on: eventLoop)
    }
}
