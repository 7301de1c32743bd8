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
    /// Handles this turn's share of the complete request lines that have arrived (what they
    /// cause leaves in one send at the end); true when more wait for a later turn.
    /// `atEnd`: the client closed its side, so its last line may lack its `\n`.
    func received(_ lines: inout LineReader, from id: ClientID, atEnd: Bool) -> Bool
    /// The client closed its side and every line it sent was handled.
    func inputEnded(_ id: ClientID)
    func writabilityChanged(_ writable: Bool, of id: ClientID)
    func left(_ id: ClientID)
    /// Runs `work` on the event loop's next turn, after it has read the other clients again.
    func later(_ work: @escaping () -> Void)
}

/// A client's bytes cut into request lines (``LineFraming``), handed out one at a time.
struct LineReader {
    let framing: LineFraming
    var input = ByteBuffer()
    /// A line was over the limit: nothing more is read from this client.
    private(set) var overflowed = false

    /// Whether a complete line (or one over the limit) waits; blank ones count.
    func hasLine(atEnd: Bool) -> Bool {
        guard !overflowed else { return false }
        if case .incomplete = framing.cut(input.readableBytesView, atEnd: atEnd) { return false }
        return true
    }

    /// The next complete line, skipping blank ones; nil when none is complete yet (or the
    /// input overflowed: see ``overflowed``).
    mutating func next(atEnd: Bool) -> ByteBuffer? {
        while !overflowed {
            switch framing.cut(input.readableBytesView, atEnd: atEnd) {
            case .incomplete:
                input.discardReadBytes()
                return nil
            case .tooLong:
                overflowed = true
                input.clear()
                return nil
            case .line(let content, let next):
                let line = input.getSlice(at: content.lowerBound, length: content.count) ?? ByteBuffer()
                input.moveReaderIndex(to: next)
                // Blank lines are ignored, as a shell user would expect.
                if line.readableBytesView.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                    return line
                }
            }
        }
        return nil
    }
}

/// One connected client: checks who it is, passes its bytes on as lines and tells the hub
/// when it can be written to or has gone. What it is sent is the hub's (``Outbox``).
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let events: any ClientEvents
    private let daemonUID: UInt32
    private let descriptor: CInt
    private var id: ClientID?
    private var lines: LineReader
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
        self.lines = LineReader(framing: LineFraming(limit: events.configuration.maximumLineBytes))
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
        var bytes = unwrapInboundIn(data)
        lines.input.writeBuffer(&bytes)
        // Lines already waiting keep their place: this read waits behind them.
        if !waiting { work(context) }
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
        let more = events.received(&lines, from: id, atEnd: inputClosed)
        if lines.overflowed {
            stopReading(context)
            return
        }
        if more {
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
            if !inputClosed { setReading(context, true) }
        }
        if inputClosed { events.inputEnded(id) }
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

    /// A line was over the limit: read no more. A client flooding the socket would otherwise
    /// be read (and its bytes thrown away) until the connection is closed.
    private func stopReading(_ context: ChannelHandlerContext) {
        context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
    }
}
