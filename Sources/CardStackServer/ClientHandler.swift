import CardStackLines
import CardStackProtocol
import CardStackSession
import CardStackSystem
import CardStackWire
import Logging
import NIOCore

/// All that a connection tells the daemon (the ``Hub``): ``ClientHandler`` knows nothing
/// else of it, and the hub keeps no handler.
protocol ClientEvents: AnyObject {
    var configuration: ServerConfiguration { get }
    /// Registers a connection; nil when the daemon is shutting down.
    func join(_ channel: any Channel, descriptor: CInt, logger: Logger) -> ClientID?
    /// Says hello to a client just registered.
    func welcome(_ id: ClientID)
    /// Handles this turn's share of the request lines that have arrived (what they cause
    /// leaves in one send at the end); true when more wait for a later turn.
    func received(_ lines: inout RequestLines, from id: ClientID) -> Bool
    /// The client closed its side and every line it sent was handled.
    func inputEnded(_ id: ClientID)
    func writabilityChanged(_ writable: Bool, of id: ClientID)
    func left(_ id: ClientID)
    /// Runs `work` on the event loop's next turn, after it has read the other clients again.
    func later(_ work: @escaping () -> Void)
}

/// A client's request lines, cut by the pipeline's ``LineDecoder`` and waiting to be
/// handled in order.
struct RequestLines {
    var waiting = CircularBuffer<ByteBuffer>()
    /// A line was over the limit: nothing after it is read, and once the lines before it
    /// are handled the client is told and disconnected.
    var overflowed = false

    var hasLine: Bool { !waiting.isEmpty }

    mutating func next() -> ByteBuffer? { waiting.popFirst() }
}

/// One connected client: checks who it is, passes its request lines on (cut by the
/// ``LineDecoder`` before it in the pipeline: ``addHandlers(to:events:descriptor:logger:)``)
/// and tells the hub when it can be written to or has gone. What it is sent is the hub's
/// (``Outbox``).
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let events: any ClientEvents
    private let daemonUID: UInt32
    private let descriptor: CInt
    private var id: ClientID?
    private var lines = RequestLines()
    private var logger: Logger
    /// Lines wait for a later turn (and the client is not read meanwhile).
    private var waiting = false
    /// The client closed its side.
    private var inputClosed = false

    init(events: any ClientEvents, daemonUID: UInt32, descriptor: CInt, logger: Logger) {
        self.events = events
        self.daemonUID = daemonUID
        self.descriptor = descriptor
        self.logger = logger
    }

    /// The line decoder and a handler for `events`' client on `descriptor`, in that order.
    static func addHandlers(
        to pipeline: ChannelPipeline.SynchronousOperations, events: any ClientEvents, daemonUID: UInt32,
        descriptor: CInt, logger: Logger
    ) throws {
        try pipeline.addHandler(ByteToMessageHandler(LineDecoder(limit: events.configuration.maximumLineBytes)))
        try pipeline.addHandler(
            ClientHandler(events: events, daemonUID: daemonUID, descriptor: descriptor, logger: logger))
    }

    func channelActive(context: ChannelHandlerContext) {
        if let peer = PeerCredentials.of(descriptor) {
            logger[metadataKey: "peer"] = "pid \(peer.pid) uid \(peer.uid)"
            if let refusal = refusal(of: peer) {
                logger.warning("refused a client of uid \(peer.uid): \(refusal.log)")
                refuse(context, with: WireError(.forbidden, refusal.reply), reason: "forbidden")
                return
            }
        }
        guard let id = events.join(context.channel, descriptor: descriptor, logger: logger) else {
            refuse(context, with: nil, reason: "the daemon is shutting down")
            return
        }
        self.id = id
        logger.debug("client \(id) connected")
        events.welcome(id)
        // Writing hello may have found the peer gone and closed the channel already.
        guard self.id != nil else { return }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard id != nil, !lines.overflowed else { return }
        let line = unwrapInboundIn(data)
        // Blank lines are ignored, as a shell user would expect.
        if line.readableBytesView.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
            lines.waiting.append(line)
        }
    }

    /// The lines of one read are handled together (their answers leave in one send). Lines
    /// already waiting keep their place: these wait behind them.
    func channelReadComplete(context: ChannelHandlerContext) {
        if !waiting, lines.hasLine { work(context) }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let event = event as? ChannelEvent, event == .inputClosed else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // `echo '{"cmd":"ping"}' | socat - UNIX-CONNECT:…`: answer, then close unless the
        // client subscribed to something and still wants to listen.
        guard id != nil, !lines.overflowed else { return }
        inputClosed = true
        if !waiting { work(context) }
    }

    /// Hands the hub this turn's share of the lines; the rest wait for a later turn, while
    /// the client is not read (its socket fills, and it waits too).
    private func work(_ context: ChannelHandlerContext) {
        guard let id else { return }
        if events.received(&lines, from: id) {
            if !waiting {
                waiting = true
                setReading(context, false)
            }
            events.later { [self] in
                guard self.id != nil else { return }
                work(context)
            }
            return
        }
        if waiting {
            waiting = false
            if !inputClosed, !lines.overflowed { setReading(context, true) }
        }
        if inputClosed, !lines.overflowed { events.inputEnded(id) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard let id else { return }
        self.id = nil
        events.left(id)
        logger.debug("client \(id) disconnected")
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if let id { events.writabilityChanged(context.channel.isWritable, of: id) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is LineDecoder.LineTooLong {
            // Read no more: a client flooding the socket would otherwise be read (and its bytes
            // thrown away) until the connection is closed. The lines before it are answered.
            lines.overflowed = true
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            if !waiting { work(context) }
            return
        }
        if let error = error as? ByteToMessageDecoderError, case .dataReceivedInErrorState = error { return }
        logger.debug("client error: \(error)")
        context.close(promise: nil)
    }

    /// Why `peer` may not connect (for the log and for the reply), or nil if it may.
    private func refusal(of peer: PeerCredentials) -> (log: String, reply: String)? {
        let config = events.configuration
        let allowed =
            peer.uid == daemonUID || peer.uid == 0 || config.allowedUIDs.contains(peer.uid)
            || config.allowedGIDs.contains(peer.gid)
            || (!config.allowedGIDs.isEmpty
                && !config.allowedGIDs.isDisjoint(with: PeerCredentials.groups(of: descriptor)))
        guard !allowed else { return nil }
        let groups = config.allowedGIDs.sorted().map { "gid \($0)" }.joined(separator: ", ")
        return (
            "only uid \(daemonUID), root\(groups.isEmpty ? "" : " and members of \(groups)") may connect",
            "uid \(peer.uid) may not use this daemon (it runs as uid \(daemonUID)"
                + "\(groups.isEmpty ? "" : " for members of \(groups)")); start it with --allow-uid \(peer.uid), "
                + "or --allow-gid with a group uid \(peer.uid) is in, to allow it"
        )
    }

    /// Answers a connection that is not let in with `error` (if any) and `bye`, then closes it.
    private func refuse(_ context: ChannelHandlerContext, with error: WireError?, reason: String) {
        var out = ByteBuffer()
        if let error { Self.appendLine(.reply(Reply(id: nil, error: error)), to: &out) }
        Self.appendLine(.bye(reason: reason), to: &out)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(out)).assumeIsolated().whenComplete { _ in channel.close(promise: nil) }
        context.eventLoop.scheduleTask(in: .milliseconds(500)) { channel.close(promise: nil) }
    }

    private static func appendLine(_ message: ServerMessage, to out: inout ByteBuffer) {
        guard var bytes = try? WireJSON.encode(message) else { return }
        bytes.append(UInt8(ascii: "\n"))
        out.writeBytes(bytes)
    }

    private func setReading(_ context: ChannelHandlerContext, _ on: Bool) {
        context.channel.setOption(ChannelOptions.autoRead, value: on).whenFailure { _ in }
    }
}
