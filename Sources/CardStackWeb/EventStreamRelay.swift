import CardStackProtocol
import NIOCore
import NIOHTTP1

/// `GET /events?token=…&daemon=N[&frames=1|moves]`: the daemon's events as Server-Sent Events
/// (`text/event-stream`), for `CardStackLive` followers (URLSession reads this on iOS and on
/// Linux alike, where its WebSocket does not work). Each daemon line becomes one event's
/// `data:`, unchanged; nothing is parsed.
///
/// On connecting, the relay asks the daemon for what a follower needs: `subscribe` to
/// `params`, `state` and `config_error` (and `frame` with `frames=1` or `frames=moves`), then `get_params` and
/// `get_state`, whose replies (ids `live-subscribe`, `live-params`, `live-state`) come first.
/// The bridge's own `{"event":"bridge",…}` messages are the WebSocket's. A comment line every
/// 10 s keeps the stream alive through idle periods. The stream ends when the daemon goes.
///
/// Back-pressure as for the WebSocket: while the follower does not keep up, the relay stops
/// reading the daemon, which skips frames for it.
///
/// With `frames=moves` a follower that computes each move itself (`CardStackLive`'s
/// `options.motion`) gets a move's first frame only: a frame whose `motion` is the one sent
/// last is left out; every frame without one (a drag's, a jump's, the first at rest) goes.
final class EventStreamRelay: ChannelInboundHandler, RemovableChannelHandler, DaemonLinkOwner {
    /// The ids of the requests made for a follower when its stream opens: CardStackLive's
    /// `LiveTracker` knows the replies by them (CardStackLiveAgreementTests holds the two).
    static let requestIDs = (subscribe: "live-subscribe", params: "live-params", state: "live-state")

    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let keepAliveSeconds: Int64 = 10

    let socketPath: String
    let frames: Frames
    /// The `motion` of the last frame sent with `frames=moves` (its bytes), nil after one without.
    private var lastMotion: ByteBuffer?

    /// Which frames the follower asked for.
    enum Frames: Equatable {
        case none, all, moves

        init(query: String?) {
            switch query {
            case "1": self = .all
            case "moves": self = .moves
            default: self = .none
            }
        }
    }
    let version: HTTPVersion
    private var context: ChannelHandlerContext?
    private let link = DaemonLink.End()
    private var keepAlive: RepeatedTask?

    init(socketPath: String, frames: Frames, version: HTTPVersion) {
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
        link.resume(ifWritable: context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        closeAll()
        context.close(promise: nil)
    }

    // MARK: Daemon side

    func daemonConnected(_ channel: any Channel) {
        guard link.adopt(channel) else { return }
        send(BridgeMessage.event(.connected, socket: socketPath))
        let events: [EventKind] = [.params, .state, .configError] + (frames == .none ? [] : [.frame])
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
        guard !link.closed else { return }
        send(BridgeMessage.event(.unavailable, socket: socketPath, message: message))
        end()
    }

    func daemonLine(_ line: ByteBuffer) {
        guard let context, !link.closed else { return }
        if frames == .moves, Self.isFrame(line) {
            let motion = Self.motion(of: line)
            if let motion, motion == lastMotion { return }
            lastMotion = motion
        }
        var buffer = context.channel.allocator.buffer(capacity: line.readableBytes + 8)
        buffer.writeString("data: ")
        buffer.writeImmutableBuffer(line)
        buffer.writeString("\n\n")
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }

    func daemonReadComplete() {
        guard let context, !link.closed else { return }
        context.flush()
        link.pause(unlessWritable: context.channel.isWritable)
    }

    func daemonClosed() {
        guard link.lost() else { return }
        send(BridgeMessage.event(.closed, socket: socketPath))
        end()
    }

    func daemonWritabilityChanged() {}

    // MARK: Helpers

    static func isFrame(_ line: ByteBuffer) -> Bool {
        line.readableBytesView.starts(with: #"{"event":"frame""#.utf8)
    }

    /// The bytes of a frame event's `motion` object (its last `,"motion":{…}`: the key is
    /// the event's own, after the frame, and a string cannot hold an unescaped quote), or nil.
    static func motion(of line: ByteBuffer) -> ByteBuffer? {
        let view = line.readableBytesView
        let key = Array(#","motion":{"#.utf8)
        var at = view.endIndex - key.count
        while at >= view.startIndex, !view[at..<(at + key.count)].elementsEqual(key) { at -= 1 }
        guard at >= view.startIndex,
            let end = view[(at + key.count)...].firstIndex(of: UInt8(ascii: "}"))
        else { return nil }
        return line.getSlice(at: at, length: end + 1 - at)
    }

    private func sendKeepAlive() {
        guard let context, !link.closed, context.channel.isWritable else { return }
        writeEvent(Array(": keep-alive\n\n".utf8), context: context)
        context.flush()
    }

    private func send(_ line: String) {
        guard let context, !link.closed else { return }
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
        guard let context, !link.closed else { return }
        closeAll()
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    private func closeAll() {
        link.close()
        keepAlive?.cancel()
        keepAlive = nil
    }
}
