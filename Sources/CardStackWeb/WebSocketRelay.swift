import CardStackProtocol
import NIOCore
import NIOPosix
import NIOWebSocket

#if canImport(Glibc)
    import Glibc
#endif

/// One page connection: a WebSocket on one side, a fresh connection to the daemon's socket
/// on the other, on the same event loop. Lines go through unchanged, one WebSocket text
/// message per line, in both directions; nothing is parsed.
///
/// The bridge's own messages are events the daemon never sends, `{"event":"bridge",…}`:
/// `connected` when the daemon answers, `unavailable` when it does not (the WebSocket then
/// closes and the page tries again), `closed` when the daemon goes. A page message longer
/// than the daemon's line limit, or holding a newline, is answered with the daemon's own
/// `line_too_long` / `parse_error` reply shape and not sent.
///
/// Back-pressure: while the browser does not keep up, the relay stops reading the daemon's
/// socket, and the daemon skips frames for it (a gap in `seq` the page counts).
final class WebSocketRelay: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let socketPath: String
    private var context: ChannelHandlerContext?
    private var daemon: (any Channel)?
    /// Page lines that came before the daemon connection was up.
    private var pending: [ByteBuffer] = []
    private var closed = false

    init(socketPath: String) {
        self.socketPath = socketPath
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let relay = NIOLoopBound(self, eventLoop: context.eventLoop)
        let path = socketPath
        // The same trust rules as every client (docs/protocol.md §1): a directory someone else
        // may write, or a listener that is neither us nor root, gets nothing from the page.
        if let problem = SocketDirectory.problem(forSocket: path) {
            context.eventLoop.execute { relay.value.daemonUnavailable(problem) }
            return
        }
        ClientBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineDecoder()))
                    try channel.pipeline.syncOperations.addHandler(DaemonSide(relay: relay.value))
                }
            }
            .connect(unixDomainSocketPath: path)
            .whenComplete { result in
                let relay = relay.value
                switch result {
                case let .success(channel): relay.checkPeer(channel)
                case let .failure(error): relay.daemonUnavailable("cannot connect to \(path): \(error)")
                }
            }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closeAll()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        closeAll()
        context.fireChannelInactive()
    }

    // MARK: Daemon side

    /// Relays only to a daemon of our uid or root (SO_PEERCRED, read on the loop at once).
    private func checkPeer(_ channel: any Channel) {
        guard let provider = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            daemonUnavailable("cannot tell who listens on \(socketPath); nothing was sent")
            return
        }
        let peer: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        let relay = NIOLoopBound(self, eventLoop: channel.eventLoop)
        let path = socketPath
        peer.whenComplete { result in
            let relay = relay.value
            switch result {
            case let .success(peer):
                if let distrust = peer.distrust(path: path) {
                    channel.close(promise: nil)
                    relay.daemonUnavailable(distrust)
                } else {
                    relay.daemonConnected(channel)
                }
            case let .failure(error):
                channel.close(promise: nil)
                relay.daemonUnavailable("cannot tell who listens on \(path) (\(error)); nothing was sent")
            }
        }
    }

    private func daemonConnected(_ channel: any Channel) {
        guard !closed else {
            channel.close(promise: nil)
            return
        }
        daemon = channel
        sendText(#"{"event":"bridge","state":"connected","socket":\#(jsonString(socketPath))}"#)
        for line in pending { writeToDaemon(line) }
        pending.removeAll()
        channel.flush()
    }

    private func daemonUnavailable(_ message: String) {
        guard !closed else { return }
        sendText(#"{"event":"bridge","state":"unavailable","socket":\#(jsonString(socketPath)),"message":\#(jsonString(message))}"#)
        closeWebSocket(code: .unexpectedServerError)
    }

    /// A line from the daemon.
    fileprivate func daemonLine(_ line: ByteBuffer) {
        guard let context, !closed else { return }
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: line)), promise: nil)
    }

    fileprivate func daemonReadComplete() {
        guard let context, !closed else { return }
        context.flush()
        if !context.channel.isWritable { daemon?.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    fileprivate func daemonClosed() {
        // A connection refused by checkPeer was never the daemon: that already said why.
        guard daemon != nil else { return }
        daemon = nil
        guard !closed else { return }
        sendText(#"{"event":"bridge","state":"closed","socket":\#(jsonString(socketPath))}"#)
        closeWebSocket(code: .goingAway)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { daemon?.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in } }
        context.fireChannelWritabilityChanged()
    }

    // MARK: Page side

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            var line = frame.unmaskedData
            if line.readableBytes > 65536 {
                sendText(#"{"id":null,"ok":false,"error":{"code":"line_too_long","message":"a message must be at most 65536 bytes (the daemon's line limit); this one has \#(line.readableBytes)"}}"#)
                return
            }
            if line.readableBytesView.contains(UInt8(ascii: "\n")) {
                sendText(#"{"id":null,"ok":false,"error":{"code":"parse_error","message":"one request per WebSocket message, without newlines"}}"#)
                return
            }
            line.writeInteger(UInt8(ascii: "\n"))
            if daemon != nil {
                writeToDaemon(line)
            } else if pending.count < 1000 {
                pending.append(line)
            }
        case .binary:
            sendText(#"{"id":null,"ok":false,"error":{"code":"parse_error","message":"send requests as WebSocket text messages"}}"#)
        case .ping:
            var data = frame.unmaskedData
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: data.readSlice(length: data.readableBytes) ?? data)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            closeWebSocket(code: .normalClosure)
        default:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        daemon?.flush()
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        closeAll()
        context.close(promise: nil)
    }

    // MARK: Helpers

    private func writeToDaemon(_ line: ByteBuffer) {
        daemon?.write(line, promise: nil)
    }

    private func sendText(_ text: String) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    private func closeWebSocket(code: WebSocketErrorCode) {
        guard let context, !closed else { return }
        closeAll()
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    private func closeAll() {
        closed = true
        pending.removeAll()
        daemon?.close(promise: nil)
        daemon = nil
    }
}

/// The daemon connection's end of a ``WebSocketRelay``.
private final class DaemonSide: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let relay: WebSocketRelay

    init(relay: WebSocketRelay) {
        self.relay = relay
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        relay.daemonLine(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        relay.daemonReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        relay.daemonClosed()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
