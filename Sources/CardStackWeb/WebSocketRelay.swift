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
/// socket, and the daemon skips frames for it (a gap in `seq` the page counts). The other
/// way, while the page is owed answers it has not read (or the daemon is not taking lines),
/// the relay stops reading the page; what one page may have queued is capped
/// (``BridgeLimits``), and a page past the cap is disconnected. A text message that is not
/// UTF-8 is closed with 1007 (RFC 6455 §8.1); an unmasked frame, with 1002 before it gets
/// here (``MaskedFrameCheck``).
final class WebSocketRelay: ChannelInboundHandler, DaemonLinkOwner {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let socketPath: String
    private var context: ChannelHandlerContext?
    private let link = DaemonLink.End()
    /// Page lines that came before the daemon connection was up, and their bytes.
    private var pending: [ByteBuffer] = []
    private var pendingBytes = 0
    /// What the page is owed and has not taken yet (written, not yet on its socket).
    private var owed = BridgeLimits.Owed()

    init(socketPath: String) {
        self.socketPath = socketPath
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
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

    // MARK: Daemon side

    func daemonConnected(_ channel: any Channel) {
        guard link.adopt(channel) else { return }
        sendText(BridgeMessage.event(.connected, socket: socketPath))
        for line in pending { writeToDaemon(line) }
        pending.removeAll()
        pendingBytes = 0
        channel.flush()
    }

    func daemonUnavailable(_ message: String) {
        guard !link.closed else { return }
        sendText(BridgeMessage.event(.unavailable, socket: socketPath, message: message))
        closeWebSocket(code: .unexpectedServerError)
    }

    /// A line from the daemon.
    func daemonLine(_ line: ByteBuffer) {
        guard let context, !link.closed else { return }
        write(WebSocketFrame(fin: true, opcode: .text, data: line), context: context, always: true)
    }

    func daemonReadComplete() {
        guard let context, !link.closed else { return }
        context.flush()
        link.pause(unlessWritable: context.channel.isWritable)
    }

    func daemonClosed() {
        guard link.lost() else { return }
        sendText(BridgeMessage.event(.closed, socket: socketPath))
        closeWebSocket(code: .goingAway)
    }

    func daemonWritabilityChanged() {
        guard let context else { return }
        readPageWhileKeepingUp(context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        link.resume(ifWritable: context.channel.isWritable)
        readPageWhileKeepingUp(context)
        context.fireChannelWritabilityChanged()
    }

    /// Reads the page only while it takes what it is owed and the daemon takes its lines.
    private func readPageWhileKeepingUp(_ context: ChannelHandlerContext) {
        let keepingUp =
            context.channel.isWritable && owed.frames < BridgeLimits.pauseFrames && (link.channel?.isWritable ?? true)
        context.channel.setOption(ChannelOptions.autoRead, value: keepingUp).whenFailure { _ in }
    }

    // MARK: Page side

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            var line = frame.unmaskedData
            guard BridgeLimits.isUTF8(line.readableBytesView) else {
                closeWebSocket(code: .dataInconsistentWithMessage)
                return
            }
            if line.readableBytes > BridgeLimits.requestBodyBytes {
                sendText(
                    BridgeMessage.refusal(
                        .lineTooLong,
                        "a message must be at most \(BridgeLimits.requestBodyBytes) bytes (the daemon's line limit); this one has \(line.readableBytes)"
                    ))
                return
            }
            if line.readableBytesView.contains(UInt8(ascii: "\n")) {
                sendText(BridgeMessage.refusal(.parseError, "one request per WebSocket message, without newlines"))
                return
            }
            line.writeInteger(UInt8(ascii: "\n"))
            if link.channel != nil {
                writeToDaemon(line)
            } else if pendingBytes + line.readableBytes <= BridgeLimits.pendingBytes {
                pendingBytes += line.readableBytes
                pending.append(line)
            } else {
                // Lines the daemon could not take yet, past what one page may queue.
                closeWebSocket(code: .policyViolation)
            }
        case .binary:
            sendText(BridgeMessage.refusal(.parseError, "send requests as WebSocket text messages"))
        case .ping:
            // A pong is owed for the latest ping only (RFC 6455 §5.5.3): none while others wait.
            guard owed.frames < BridgeLimits.pauseFrames else { break }
            write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), context: context)
            context.flush()
        case .connectionClose:
            closeWebSocket(code: .normalClosure)
        default:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        link.channel?.flush()
        readPageWhileKeepingUp(context)
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        closeAll()
        context.close(promise: nil)
    }

    // MARK: Helpers

    private func writeToDaemon(_ line: ByteBuffer) {
        link.channel?.write(line, promise: nil)
    }

    private func sendText(_ text: String) {
        guard let context, !link.closed else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        write(WebSocketFrame(fin: true, opcode: .text, data: buffer), context: context)
        context.flush()
    }

    /// Writes `frame` to the page, counted as owed until it is on the page's socket; past
    /// the cap the page is disconnected (it reads too slowly or not at all).
    private func write(_ frame: WebSocketFrame, context: ChannelHandlerContext, always: Bool = false) {
        // The frame's header and what NIO keeps per pending write come on top of its bytes.
        let size = frame.data.readableBytes + 128
        guard owed.admit(size, always: always) else {
            closeAll()
            context.close(promise: nil)
            return
        }
        let relay = NIOLoopBound(self, eventLoop: context.eventLoop)
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in relay.value.wrote(size) }
        context.write(wrapOutboundOut(frame), promise: promise)
    }

    private func wrote(_ size: Int) {
        let wasPaused = owed.frames >= BridgeLimits.pauseFrames
        owed.release(size)
        if wasPaused, owed.frames < BridgeLimits.pauseFrames, let context, !link.closed {
            readPageWhileKeepingUp(context)
        }
    }

    private func closeWebSocket(code: WebSocketErrorCode) {
        guard let context, !link.closed else { return }
        closeAll()
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    private func closeAll() {
        link.close()
        pending.removeAll()
        pendingBytes = 0
    }
}
