import CardStackProtocol
import CardStackSession
import Logging
import NIOCore

/// What connections tell the hub (``ClientEvents``), and the commands their lines carry.
extension Hub: ClientEvents {
    func received(_ lines: inout LineReader, from id: ClientID) {
        drain(&lines, from: id, atEnd: false)
    }

    func inputClosed(_ lines: inout LineReader, from id: ClientID) {
        drain(&lines, from: id, atEnd: true)
        if session.subscriptions(of: id).isEmpty, links[id]?.outbox.closing == false {
            disconnect(id, reason: nil)
        }
    }

    func writabilityChanged(_ writable: Bool, of id: ClientID) {
        guard let action = links[id]?.outbox.writabilityChanged(writable), action != .none else { return }
        framesSent += 1
        perform(action, for: id)
    }

    func left(_ id: ClientID) {
        remove(id)
    }

    /// Handles every complete line in one batch: what they cause leaves in one send.
    private func drain(_ lines: inout LineReader, from id: ClientID, atEnd: Bool) {
        links[id]?.outbox.beginBatch()
        while links[id]?.outbox.closing == false, let line = lines.next(atEnd: atEnd) {
            handle(line, from: id)
        }
        if lines.overflowed, links[id]?.outbox.closing == false { lineTooLong(from: id) }
        if let action = links[id]?.outbox.endBatch() { perform(action, for: id) }
    }

    private func lineTooLong(from id: ClientID) {
        let limit = configuration.maximumLineBytes
        links[id]?.logger.warning("client \(id) sent a line over \(limit) bytes; disconnecting it")
        send(.reply(Reply(id: nil, error: WireError(
            .lineTooLong, "request lines may be at most \(limit) bytes; this one was longer, so the connection is closed"))),
            to: id)
        disconnect(id, reason: "line_too_long: a request line was over \(limit) bytes")
    }

    /// Applies one request line from `client` and sends its reply, then whatever the
    /// command causes (events, frames). Replies go out in request order.
    ///
    /// Commands are handled in the session (CardStackSession/Session+Commands.swift);
    /// `save` and `preset` do their file access here first (Hub+Tuning.swift).
    func handle(_ line: ByteBuffer, from id: ClientID) {
        let request: Request
        switch Request.parse(line.readableBytesView) {
        case let .failure(failure):
            send(.reply(Reply(id: failure.id, error: failure.error)), to: id)
            return
        case let .success(parsed):
            request = parsed
        }
        let now = clock
        let reply: Result<CommandResult, WireError>, effects: [Effect]
        switch request.command {
        case .tuning(.save), .tuning(.preset):
            (reply, effects) = applyWithFiles(request.command, at: now)
        default:
            (reply, effects) = session.apply(request.command, from: id, at: now)
        }
        switch reply {
        case let .success(result): send(Reply(id: request.id, result: result), to: id, command: request.command)
        case let .failure(error): send(.reply(Reply(id: request.id, error: error)), to: id)
        }
        carry(effects)
    }

    /// Writes a typed reply, or an `internal` error when it cannot be encoded.
    private func send<R>(_ reply: Reply<R>, to id: ClientID, command: Command) {
        if let bytes = encode(reply) {
            send(bytes, to: id)
        } else {
            send(.reply(Reply(id: reply.id, error: WireError(.internal, "the daemon could not encode its reply to \(command.name)"))), to: id)
        }
    }
}
