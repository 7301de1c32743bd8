import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// `cardstack web`'s server: the page over HTTP, and `/ws?daemon=N` upgraded to a WebSocket
/// relayed to the N-th daemon socket (see ``WebSocketRelay``). One event loop does it all.
///
/// With a recording (`cardstack web --replay FILE`) there is no daemon: the page fetches the
/// recording from `/recording` and plays it itself.
///
/// With a ``RenderService``, `POST /render` turns a recording into a GIF, APNG, MP4 or WebM
/// (``RenderHandler``), on a thread of its own.
public final class WebBridge: Sendable {
    public let gate: RequestGate
    public let sockets: [String]
    /// The recording served at `/recording` (replay mode), or nil.
    public let recording: [UInt8]?
    public let channel: any Channel
    /// The port actually bound (the one asked for, or a free one for port 0).
    public let port: Int
    let group: MultiThreadedEventLoopGroup
    /// The one thread renders run on (`POST /render`).
    let renderPool: NIOThreadPool
    /// The file a browser was given to open the page, until the page is loaded through it.
    let handoff: NIOLockedValueBox<BrowserHandoff?>
    /// The references loaded into the page (`POST /reference`), or nil when not offered.
    public let references: ReferenceStore?

    /// Binds `host:port` and starts serving; `sockets` are the daemons' socket paths, or
    /// `recording` the JSON lines of a recording to replay (then `sockets` is empty);
    /// `render` answers `POST /render` (without it, 404); with it, `references` answers
    /// `POST /reference`, `GET /reference/ID/N` and `POST /fit` (docs/page.md).
    /// `token` is the one the URL carries (a fresh random one when nil; see ``WebToken``).
    /// Awaits the bind: nothing blocks a thread (``run()`` then serves until the server closes).
    public static func start(
        host: String, port: Int, sockets: [String], recording: [UInt8]? = nil, token: String? = nil,
        render: RenderService? = nil, references: ReferenceStore? = nil
    ) async throws -> WebBridge {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let renderPool = NIOThreadPool(numberOfThreads: 1)
        renderPool.start()
        let renders = NIOLockedValueBox(0)
        let uploads = NIOLockedValueBox(0)
        let handoff = NIOLockedValueBox<BrowserHandoff?>(nil)
        let traces = TraceStore()
        let imageLists = LookImageLists()
        let token = token ?? Self.randomToken()
        let count = sockets.count
        // Each connection's gate takes the port from the connection's own address (the
        // port bound, also when port 0 asked for a free one).
        @Sendable func gate(_ channel: any Channel) -> RequestGate {
            RequestGate(token: token, listenHost: host, port: channel.localAddress?.port ?? port)
        }
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 20,
            shouldUpgrade: { channel, head in
                guard
                    gate(channel).refusal(
                        uri: head.uri, host: head.headers["host"].first, origin: head.headers["origin"].first,
                        websocket: true) == nil,
                    RequestGate.path(head.uri) == "/ws",
                    let index = Int(RequestGate.query(head.uri, "daemon") ?? "0"), (0..<count).contains(index)
                else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
            },
            upgradePipelineHandler: { channel, head in
                let index = Int(RequestGate.query(head.uri, "daemon") ?? "0") ?? 0
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(MaskedFrameCheck())
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 64, maxAccumulatedFrameSize: 1 << 20))
                    try channel.pipeline.syncOperations.addHandler(WebSocketRelay(socketPath: sockets[index]))
                }
            })
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (
                            upgraders: [upgrader],
                            completionHandler: { context in
                                context.pipeline.removeHandler(name: "page", promise: nil)
                                if render != nil { context.pipeline.removeHandler(name: "render", promise: nil) }
                            }
                        ))
                    if let render {
                        try channel.pipeline.syncOperations.addHandler(
                            RenderHandler(
                                gate: gate(channel), service: render, references: references, pool: renderPool,
                                pending: renders, held: uploads),
                            name: "render")
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        PageHandler(
                            gate: gate(channel), sockets: sockets, recording: recording, handoff: handoff,
                            traces: traces, imageLists: imageLists),
                        name: "page")
                }
            }
            // TCP_NODELAY is a TCP option: at the socket level its number is SO_DEBUG, which
            // only root may set (every connection of a user was reset).
            .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            // What the kernel holds for one peer is bounded too: a peer that floods meets a
            // full window soon after the bridge stops reading it.
            .childChannelOption(ChannelOptions.socketOption(.so_rcvbuf), value: BridgeLimits.receiveBufferBytes)
            .childChannelOption(ChannelOptions.socketOption(.so_sndbuf), value: BridgeLimits.sendBufferBytes)
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(
                host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port
            ).get()
        } catch {
            try? await group.shutdownGracefully()
            try? await renderPool.shutdownGracefully()
            throw error
        }
        let bound = channel.localAddress?.port ?? port
        return WebBridge(
            gate: RequestGate(token: token, listenHost: host, port: bound), sockets: sockets, recording: recording,
            channel: channel, port: bound, group: group, renderPool: renderPool, handoff: handoff,
            references: render == nil ? nil : references)
    }

    private init(
        gate: RequestGate, sockets: [String], recording: [UInt8]?, channel: any Channel, port: Int,
        group: MultiThreadedEventLoopGroup, renderPool: NIOThreadPool, handoff: NIOLockedValueBox<BrowserHandoff?>,
        references: ReferenceStore?
    ) {
        (self.gate, self.sockets, self.recording, self.channel, self.port) = (gate, sockets, recording, channel, port)
        (self.group, self.renderPool, self.handoff, self.references) = (group, renderPool, handoff, references)
    }

    /// Writes the file to give a browser for `url` (``BrowserHandoff``) and returns its path:
    /// the token stays off the browser's command line. The file goes once the page is loaded
    /// through it, or after ``BrowserHandoff/lifetime`` seconds.
    public func handOff(url: String, environment: [String: String]) throws -> String {
        let file = try BrowserHandoff.write(url: url, nonce: Self.randomToken(), environment: environment)
        handoff.withLockedValue { old in
            old?.remove()
            old = file
        }
        let handoff = self.handoff
        channel.eventLoop.scheduleTask(in: .seconds(BrowserHandoff.lifetime)) {
            handoff.withLockedValue { kept in
                guard kept === file else { return }
                file.remove()
                kept = nil
            }
        }
        return file.path
    }

    /// Serves until the server closes (awaited, not blocking a thread).
    public func run() async throws {
        try await channel.closeFuture.get()
    }

    /// 128 random bits (the system generator reads the kernel's `getrandom`), as 32 hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
