import CardStackProtocol
import CardStackSession
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A connected client as the hub keeps it: its outbox (a plain value deciding what to
/// write) and where the bytes go. No handler: the connection's ``ClientHandler`` reaches
/// the hub through ``ClientEvents`` alone. A class only so that a frame's fan-out walks an
/// array of them (``Hub/frameLinks``) with no lookup per subscriber.
final class ClientLink {
    var outbox: Outbox
    /// The connection's socket, owned by NIO's channel and written to directly while the
    /// outbox says so. NIO closes it and calls `channelInactive` (which removes this link
    /// and closes its outbox) in one go on the loop, with only write-promise callbacks in
    /// between, so no send of ours can reach a closed descriptor, or one reused for a new
    /// client.
    let descriptor: CInt
    let channel: any Channel
    let logger: Logger

    init(outbox: Outbox, descriptor: CInt, channel: any Channel, logger: Logger) {
        self.outbox = outbox
        self.descriptor = descriptor
        self.channel = channel
        self.logger = logger
    }

    /// Whether the peer has closed its connection for good: it reads nothing more. (A peer
    /// that only shut its writing half, as `socat` does at the end of its input, still reads
    /// the answers.)
    func peerHungUp() -> Bool {
        guard descriptor >= 0 else { return false }
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP) != 0
    }
}

/// Where outbox actions become writes: the one place bytes leave for a client.
extension Hub {
    /// Sends `message` (a reply, an event, `hello`) to client `id`.
    func send(_ message: ServerMessage, to id: ClientID) {
        guard let bytes = encode(message) else { return }
        send(bytes, to: id)
    }

    /// Sends bytes that must not be dropped to client `id`.
    func send(_ bytes: ByteBuffer, to id: ClientID) {
        guard let link = links[id] else { return }
        let backlog =
            link.outbox.inNIO == 0 ? 0 : (try? link.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
        let action = link.outbox.send(bytes, backlog: backlog)
        if case .disconnect = action {
            link.logger.warning("client \(id) is too far behind (\(backlog) bytes unread); disconnecting it")
        }
        perform(action, on: link)
    }

    /// The frame subscribers' links, in the order the session keeps them: looked up again
    /// only when the session's subscriptions changed.
    var frameLinks: [ClientLink] {
        if fanout.version != session.subscriptionsVersion {
            // A client with a grid is sent frames of its own (Hub+Effects.swift).
            let ids = session.subscribers(of: .frame).filter { !session.hasGrid($0) }
            fanout = (session.subscriptionsVersion, ids.compactMap { links[$0] })
        }
        return fanout.links
    }

    /// Offers a frame to client `id`.
    func offerFrame(_ bytes: ByteBuffer, to id: ClientID) {
        guard let link = links[id] else { return }
        bytes.withUnsafeReadableBytes { offerFrame(bytes, $0, to: link, nextComing: false) }
    }

    /// Offers a frame to `link`, `raw` being its readable bytes (looked up once per
    /// fan-out). The outbox counts it if it leaves.
    @inline(__always)
    func offerFrame(_ bytes: ByteBuffer, _ raw: UnsafeRawBufferPointer, to link: ClientLink, nextComing: Bool) {
        var action = link.outbox.offerFrame(bytes, nextComing: nextComing)
        if case .sendFrameNow = action {
            let sent = Self.sendDirectly(raw, to: link.descriptor)
            action = link.outbox.frameSent(sent, of: bytes, nextComing: nextComing)
        }
        perform(action, on: link)
    }

    /// Carries out `action` for client `id`, and what follows from it.
    func perform(_ action: Outbox.Action, for id: ClientID) {
        if let link = links[id] { perform(action, on: link) }
    }

    /// Carries out `action` for `link`, and what follows from it.
    func perform(_ action: Outbox.Action, on link: ClientLink) {
        switch action {
        case .none, .gathered, .parked, .sendFrameNow:
            break
        case .sendNow(let bytes):
            let sent = bytes.withUnsafeReadableBytes { Self.sendDirectly($0, to: link.descriptor) }
            perform(link.outbox.sent(sent, of: bytes), on: link)
        case .handToNIO(let bytes):
            let written = eventLoop.makePromise(of: Void.self)
            written.futureResult.assumeIsolated().whenComplete { _ in link.outbox.written() }
            link.channel.writeAndFlush(bytes, promise: written)
        case .disconnect(let reason):
            disconnect(link, reason: reason)
        }
    }

    /// One `send` of `raw`; how many bytes the socket took. A failure counts as none: NIO,
    /// given the bytes, meets the same error and closes the channel.
    @inline(__always)
    static func sendDirectly(_ raw: UnsafeRawBufferPointer, to descriptor: CInt) -> Int {
        guard descriptor >= 0 else { return 0 }
        return max(Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)), 0)
    }

    /// Sends `bye` (when there is a reason) after everything owed, and closes once it is
    /// flushed, or after half a second if the peer never reads.
    @discardableResult
    func disconnect(_ id: ClientID, reason: String?) -> EventLoopFuture<Void> {
        guard let link = links[id] else { return eventLoop.makeSucceededVoidFuture() }
        return disconnect(link, reason: reason)
    }

    @discardableResult
    func disconnect(_ link: ClientLink, reason: String?) -> EventLoopFuture<Void> {
        let bye = reason.flatMap { encode(ServerMessage.bye(reason: $0)) }
        guard let actions = link.outbox.close(bye: bye) else { return eventLoop.makeSucceededVoidFuture() }
        for action in actions { perform(action, on: link) }
        let channel = link.channel
        let flushed = eventLoop.makePromise(of: Void.self)
        channel.writeAndFlush(ByteBuffer(), promise: flushed)
        // A peer that never reads would hold the flush forever: give it half a second, so a
        // SIGTERM still ends the daemon within one.
        let timeout = eventLoop.scheduleTask(in: .milliseconds(500)) { channel.close(promise: nil) }
        return flushed.futureResult.flatMap { channel.close() }.always { _ in timeout.cancel() }.recover { _ in }
    }
}
