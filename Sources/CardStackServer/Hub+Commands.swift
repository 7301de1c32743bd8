import CardStackProtocol
import CardStackSession
import CardStackWire
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
        send(
            .reply(
                Reply(
                    id: nil,
                    error: WireError(
                        .lineTooLong,
                        "request lines may be at most \(limit) bytes; this one was longer, so the connection is closed")
                )),
            to: id)
        disconnect(id, reason: "line_too_long: a request line was over \(limit) bytes")
    }

    /// Applies one request line from `client` and sends its reply, then whatever the
    /// command causes (events, frames). Replies go out in request order.
    ///
    /// Commands are handled in the session (CardStackSession/Session+Commands.swift); the
    /// file work of `save` and `preset` and `export`'s text come back as effects, whose
    /// replies ``answer(_:with:)`` sends (Hub+Effects.swift, Hub+Tuning.swift).
    func handle(_ line: ByteBuffer, from id: ClientID) {
        let request: Request
        switch Request.parse(line.readableBytesView) {
        case .failure(let failure):
            send(.reply(Reply(id: failure.id, error: failure.error)), to: id)
            return
        case .success(let parsed):
            request = parsed
        }
        let (reply, effects) = session.apply(request.command, from: id, request: request.id, at: clock)
        if let reply { answer(Requester(client: id, request: request.id), with: reply) }
        carry(effects)
    }

    /// Sends the reply to a request: typed, or an `internal` error when it cannot be encoded.
    func answer(_ requester: Requester, with reply: Result<CommandResult, WireError>) {
        switch reply {
        case .success(let result):
            if let bytes = encode(Reply(id: requester.request, result: result)) {
                send(bytes, to: requester.client)
            } else {
                send(
                    .reply(
                        Reply(
                            id: requester.request,
                            error: WireError(
                                .internal, "the daemon could not encode its reply (a bug: please report it)"))),
                    to: requester.client)
            }
        case .failure(let error):
            send(.reply(Reply(id: requester.request, error: error)), to: requester.client)
        }
    }
}
