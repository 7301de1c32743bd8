import CardStackProtocol
import NIOCore
import NIOHTTP1

/// `GET /events?token=…&daemon=N[&frames=1]`: the daemon's events as Server-Sent Events
/// (`text/event-stream`), for `CardStackLive` followers (URLSession reads this on iOS and on
/// Linux alike, where its WebSocket does not work). Each daemon line becomes one event's
/// `data:`, unchanged; nothing is parsed.
///
/// On connecting, the relay asks the daemon for what a follower needs: `subscribe` to
/// `params`, `state` and `config_error` (and `frame` with `frames=1`), then `get_params` and
/// `get_state`, whose replies (ids `live-subscribe`, `live-params`, `live-state`) come first.
/// The bridge's own `{"event":"bridge",…}` messages are the WebSocket's. A comment line every
/// 10 s keeps the stream alive through idle periods. The stream ends when the daemon goes.
///
/// Back-pressure as for the WebSocket: while the follower does not keep up, the relay stops
/// reading the daemon, which skips frames for it.
final class EventStreamRelay: ChannelInboundHandler, RemovableChannelHandler, DaemonLinkOwner {
    /// The ids of the requests made for a follower when its stream opens: CardStackLive's
    /// `LiveTracker` knows the replies by them (CardStackLiveAgreementTests holds the two).
    static let requestIDs = (subscribe: "live-subscribe", params: "live-params", state: "live-state")

    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let keepAliveSeconds: Int64 = 10

    let socketPath: String
    let frames: Bool
    let version: HTTPVersion
    private var context: ChannelHandlerContext?
    private var daemon: (any Channel)?
    private var keepAlive: RepeatedTask?
    private var closed = false

    init(socketPath: String, frames: Bool, version: HTTPVersion) {
        self.socketPath = socketPath
        self.frames = frames
        self.version = version
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let head = HTTPResponse.head(
            .ok, version: version, type: "text/event-stream; charset=utf-8", length: nil, keepAlive: false)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        writeEvent(Array(": cardstack web\n\n".utf8), context: context)
        context.flush()
        let relay = NIOLoopBound(self, eventLoop: context.eventLoop)
        keepAlive = context.eventLoop.scheduleRepeatedTask(
            initialDelay: .seconds(Self.keepAliveSeconds), delay: .seconds(Self.keepAliveSeconds)
        ) { _ in relay.value.sendKeepAlive() }
        DaemonLink.connect(socketPath, on: context.eventLoop, owner: self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closeAll()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        closeAll()
        context.fireChannelInactive()
    }

    /// Nothing more is expected from a follower once its stream runs.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { daemon?.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in } }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        closeAll()
        context.close(promise: nil)
    }

    // MARK: Daemon side

    func daemonConnected(_ channel: any Channel) {
        guard !closed else {
            channel.close(promise: nil)
            return
        }
        daemon = channel
        send(BridgeMessage.event(.connected, socket: socketPath))
        let events: [EventKind] = [.params, .state, .configError] + (frames ? [.frame] : [])
        let lines = BridgeMessage.lines([
            Request(id: .string(Self.requestIDs.subscribe), .subscribe(events)),
            Request(id: .string(Self.requestIDs.params), .getParams),
            Request(id: .string(Self.requestIDs.state), .getState),
        ])
        var buffer = channel.allocator.buffer(capacity: lines.utf8.count)
        buffer.writeString(lines)
        channel.writeAndFlush(buffer, promise: nil)
    }

    func daemonUnavailable(_ message: String) {
        guard !closed else { return }
        send(BridgeMessage.event(.unavailable, socket: socketPath, message: message))
        end()
    }

    func daemonLine(_ line: ByteBuffer) {
        guard let context, !closed else { return }
        var buffer = context.channel.allocator.buffer(capacity: line.readableBytes + 8)
        buffer.writeString("data: ")
        buffer.writeImmutableBuffer(line)
        buffer.writeString("\n\n")
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }

    func daemonReadComplete() {
        guard let context, !closed else { return }
        context.flush()
        if !context.channel.isWritable { daemon?.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    func daemonClosed() {
        daemon = nil
        guard !closed else { return }
        send(BridgeMessage.event(.closed, socket: socketPath))
        end()
    }

    func daemonWritabilityChanged() {}

    // MARK: Helpers

    private func sendKeepAlive() {
        guard let context, !closed, context.channel.isWritable else { return }
        writeEvent(Array(": keep-alive\n\n".utf8), context: context)
        context.flush()
    }

    private func send(_ line: String) {
        guard let context, !closed else { return }
        writeEvent(Array("data: \(line)\n\n".utf8), context: context)
        context.flush()
    }

    private func writeEvent(_ bytes: [UInt8], context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }

    /// Ends the response and the connection (the follower reconnects).
    private func end() {
        guard let context, !closed else { return }
        closeAll()
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    private func closeAll() {
        closed = true
        keepAlive?.cancel()
        keepAlive = nil
        daemon?.close(promise: nil)
        daemon = nil
    }
}
