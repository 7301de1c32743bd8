import CardStackProtocol
import CardStackSystem
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// One connected client: splits its bytes into request lines, hands them to the ``Hub``,
/// and owns its bounded outbox.
///
/// Outbox rules: replies and events are never dropped, but a client that leaves more than
/// `maximumBacklogBytes` of them unread when another one is due is disconnected with a
/// `bye` saying so (one message is always let through, however large). Frames are
/// written only while little is waiting in front of them (NIO's buffer under
/// ``ServerConfiguration/frameWatermark``); otherwise the newest frame replaces any unsent
/// one (the gap in `seq` tells the client). So a client that never reads costs a few
/// kilobytes and no CPU, and never slows anyone else.
///
/// Writing: while NIO holds nothing for this client, bytes go straight to the socket with
/// one `send` (a frame's fan-out costs one system call per subscriber, not a trip through
/// NIO's write path); whatever the socket does not take, and everything after it until NIO
/// has written it all, goes through NIO, so the order is kept. While the client's own
/// requests are being handled, what it is sent gathers in a small buffer and leaves in one
/// `send` at the end of the batch: a reply and the frame it causes travel together.
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let hub: Hub
    let daemonUID: UInt32
    /// The connection's socket, owned by NIO's channel, written to directly until
    /// `closing`. NIO closes the descriptor and calls `channelInactive` in one go on this
    /// loop, with only write-promise callbacks in between (ours just count), so no send of
    /// ours can reach a closed descriptor, or one reused for a new client.
    let descriptor: CInt
    var subscriptions = Set<EventKind>()
    private(set) var id: Int?
    private var context: ChannelHandlerContext?
    /// Whether NIO's outbound buffer is under its high watermark, tracked from
    /// `channelWritabilityChanged` so the per-frame check is a plain load.
    private var writable = true
    private var input = ByteBuffer()
    private var pendingFrame: ByteBuffer?
    private var closing = false
    private var inputClosed = false
    /// Writes handed to NIO and not yet done: while there are any, every write joins them.
    private var queued = 0
    /// Whether this client's requests are being handled, and what it was sent meanwhile.
    private var corked = false
    private var cork: [UInt8] = []
    /// A cork this large goes out before more joins it, so the backlog rules still apply.
    private static let corkLimit = 64 * 1024
    private var logger: Logger

    init(hub: Hub, daemonUID: UInt32, descriptor: CInt) {
        self.hub = hub
        self.daemonUID = daemonUID
        self.descriptor = descriptor
        self.logger = hub.logger
    }

    // MARK: Inbound

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        if let peer = peerCredentials() {
            logger[metadataKey: "peer"] = "pid \(peer.pid) uid \(peer.uid)"
            let config = hub.configuration
            let allowed = peer.uid == daemonUID || peer.uid == 0 || config.allowedUIDs.contains(peer.uid)
                || config.allowedGIDs.contains(peer.gid)
                || (!config.allowedGIDs.isEmpty
                    && !config.allowedGIDs.isDisjoint(with: PeerCredentials.groups(of: descriptor)))
            guard allowed else {
                let groups = config.allowedGIDs.sorted().map { "gid \($0)" }.joined(separator: ", ")
                logger.warning("refused a client of uid \(peer.uid): only uid \(daemonUID), root\(groups.isEmpty ? "" : " and members of \(groups)") may connect")
                sendMessage(.reply(Reply(id: nil, error: WireError(
                    .forbidden, "uid \(peer.uid) may not use this daemon (it runs as uid \(daemonUID)\(groups.isEmpty ? "" : " for members of \(groups)")); start it with --allow-uid \(peer.uid), or --allow-gid with a group uid \(peer.uid) is in, to allow it"))))
                _ = disconnect(reason: "forbidden")
                return
            }
        }
        guard let id = hub.add(self) else {
            _ = disconnect(reason: "the daemon is shutting down")
            return
        }
        self.id = id
        logger.debug("client \(id) connected")
        hub.welcome(self)
        // Writing hello may have found the peer gone and closed the channel already.
        guard self.context != nil else { return }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        var bytes = unwrapInboundIn(data)
        input.writeBuffer(&bytes)
        corked = true
        drainLines(atEnd: false)
        uncork()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let event = event as? ChannelEvent, event == .inputClosed else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // `echo '{"cmd":"ping"}' | socat - UNIX-CONNECT:…`: answer, then close unless the
        // client subscribed to something and still wants to listen.
        inputClosed = true
        corked = true
        drainLines(atEnd: true)
        uncork()
        if subscriptions.isEmpty, !closing { closeAfterFlush() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id {
            hub.remove(id)
            logger.debug("client \(id) disconnected")
        }
        self.id = nil
        closing = true
        pendingFrame = nil
        self.context = nil
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
        if writable, let frame = pendingFrame {
            pendingFrame = nil
            transmit(frame)
            hub.framesSent += 1
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("client error: \(error)")
        context.close(promise: nil)
    }

    /// Hands every complete line to the hub; a line over the limit ends the connection.
    private func drainLines(atEnd: Bool) {
        let limit = hub.configuration.maximumLineBytes
        while !closing {
            let view = input.readableBytesView
            guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
                // One byte more may be the `\r` of a CRLF, which does not count.
                let waiting = input.readableBytes
                if waiting > limit + 1 || (waiting == limit + 1 && view.last != UInt8(ascii: "\r")) {
                    lineTooLong()
                } else if atEnd, input.readableBytes > 0, let line = input.readSlice(length: input.readableBytes) {
                    handleLine(line)
                }
                break
            }
            let length = newline - view.startIndex
            let crlf = length > 0 && view[newline - 1] == UInt8(ascii: "\r")
            guard length - (crlf ? 1 : 0) <= limit else {
                lineTooLong()
                break
            }
            guard var line = input.readSlice(length: length) else { break }
            input.moveReaderIndex(forwardBy: 1)
            if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: length - 1) ?? line }
            handleLine(line)
        }
        input.discardReadBytes()
    }

    private func handleLine(_ line: ByteBuffer) {
        // Blank lines are ignored, as a shell user would expect.
        guard line.readableBytesView.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
        hub.handle(line, from: self)
    }

    private func lineTooLong() {
        let limit = hub.configuration.maximumLineBytes
        logger.warning("client \(id ?? 0) sent a line over \(limit) bytes; disconnecting it")
        sendMessage(.reply(Reply(id: nil, error: WireError(
            .lineTooLong, "request lines may be at most \(limit) bytes; this one was longer, so the connection is closed"))))
        input.clear()
        // Read no more: a client flooding the socket would otherwise be read (and its bytes
        // thrown away) until the connection is closed.
        context?.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        _ = disconnect(reason: "line_too_long: a request line was over \(limit) bytes")
    }

    // MARK: Outbound

    func sendMessage(_ message: ServerMessage) {
        guard let bytes = hub.encode(message) else { return }
        sendReliable(bytes)
    }

    /// Writes bytes that must not be dropped (replies, events, bye).
    func sendReliable(_ bytes: ByteBuffer) {
        guard !closing, let context else { return }
        let backlog = queued == 0 ? 0 : (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
        // What already waits decides, so one message larger than the limit (the params of
        // a file with 100 000 titles) still goes out.
        if backlog > hub.configuration.maximumBacklogBytes {
            logger.warning("client \(id ?? 0) is too far behind (\(backlog) bytes unread); disconnecting it")
            _ = disconnect(reason: "too far behind: \(backlog) bytes of replies and events were left unread")
            return
        }
        if corked {
            cork.append(contentsOf: bytes.readableBytesView)
            if cork.count >= Self.corkLimit { flushCork() }
            return
        }
        transmit(bytes)
    }

    /// Sends what gathered while requests were handled, and stops gathering.
    private func uncork() {
        corked = false
        flushCork()
    }

    private func flushCork() {
        guard !cork.isEmpty else { return }
        defer { cork.removeAll(keepingCapacity: cork.count <= Self.corkLimit) }
        guard !closing else { return }
        let sent = queued == 0 ? cork.withUnsafeBytes { sendDirectly($0) } : 0
        if sent < cork.count { queue(ByteBuffer(bytes: cork[sent...]), from: 0) }
    }

    /// Offers the newest frame: written now if nothing waits in front of it, else parked,
    /// replacing any older parked frame.
    ///
    /// - Parameters:
    ///   - raw: `bytes`' readable bytes, so a fan-out looks them up once.
    ///   - nextComing: another frame follows within a tick. Then a full socket just parks
    ///     this one (the next is tried the same way; no NIO write, no `EPOLLOUT`), as a
    ///     plain writer skips a frame for a client that is behind. Otherwise NIO takes it
    ///     and writes it when the socket has room.
    /// - Returns: whether the frame was written now (for `frames_sent`).
    @inline(__always)
    func offerFrame(_ bytes: ByteBuffer, _ raw: UnsafeRawBufferPointer, nextComing: Bool = false) -> Bool {
        // Subscribers are active clients: `closing` is the only state to check.
        guard !closing else { return false }
        if corked {
            pendingFrame = nil
            cork.append(contentsOf: raw)
            if cork.count >= Self.corkLimit { flushCork() }
            return true
        }
        // Whatever happens, this frame is newer than any parked one.
        if queued == 0 {
            let sent = sendDirectly(raw)
            if sent == 0, nextComing {
                pendingFrame = bytes
                return false
            }
            pendingFrame = nil
            if sent < raw.count { queue(bytes, from: sent) }
            return true
        }
        guard writable else {
            pendingFrame = bytes
            return false
        }
        pendingFrame = nil
        queue(bytes, from: 0)
        return true
    }

    func offerFrame(_ bytes: ByteBuffer) -> Bool {
        bytes.withUnsafeReadableBytes { offerFrame(bytes, $0) }
    }

    /// Hands a frame parked for a full socket to NIO when no newer frame is coming.
    ///
    /// - Returns: whether there was one (for `frames_sent`).
    func releaseParkedFrame() -> Bool {
        guard queued == 0, !closing, let frame = pendingFrame else { return false }
        pendingFrame = nil
        queue(frame, from: 0)
        return true
    }

    /// Writes `bytes` after everything written before.
    private func transmit(_ bytes: ByteBuffer) {
        let sent = queued == 0 ? bytes.withUnsafeReadableBytes { sendDirectly($0) } : 0
        if sent < bytes.readableBytes { queue(bytes, from: sent) }
    }

    /// One `send` of `raw`; how many bytes the socket took. A failure counts as none: NIO,
    /// given the bytes, meets the same error and closes the channel.
    @inline(__always)
    private func sendDirectly(_ raw: UnsafeRawBufferPointer) -> Int {
        guard descriptor >= 0 else { return 0 }
        return max(send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)), 0)
    }

    /// Hands `bytes` from `offset` on to NIO, counted until NIO has written them.
    private func queue(_ bytes: ByteBuffer, from offset: Int) {
        guard let context else { return }
        var rest = bytes
        rest.moveReaderIndex(forwardBy: offset)
        queued += 1
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in queued -= 1 }
        context.writeAndFlush(wrapOutboundOut(rest), promise: written)
    }

    /// Sends `bye` and closes once it is flushed (or after half a second if the peer never reads).
    func disconnect(reason: String) -> EventLoopFuture<Void> {
        guard let context, !closing else { return hub.eventLoop.makeSucceededVoidFuture() }
        flushCork()
        if let bytes = hub.encode(ServerMessage.bye(reason: reason)) {
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        }
        closing = true
        pendingFrame = nil
        return closeAfterFlush()
    }

    @discardableResult
    private func closeAfterFlush() -> EventLoopFuture<Void> {
        guard let context else { return hub.eventLoop.makeSucceededVoidFuture() }
        flushCork()
        closing = true
        let channel = context.channel
        let flushed = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer()), promise: flushed)
        // A peer that never reads would hold the flush forever: give it half a second, so a
        // SIGTERM still ends the daemon within one.
        let timeout = context.eventLoop.scheduleTask(in: .milliseconds(500)) { channel.close(promise: nil) }
        return flushed.futureResult.flatMap { channel.close() }.always { _ in timeout.cancel() }
            .recover { _ in }
    }

    private func peerCredentials() -> PeerCredentials? { PeerCredentials.of(descriptor) }
}
