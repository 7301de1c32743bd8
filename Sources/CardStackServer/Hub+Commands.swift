import CardStackProtocol
import CardStackSession
import CardStackWire
import Logging
import NIOCore

/// What connections tell the hub (``ClientEvents``), and the commands their lines carry.
extension Hub: ClientEvents {
    func received(_ lines: inout RequestLines, from id: ClientID) -> Bool {
        drain(&lines, from: id)
    }

    func inputEnded(_ id: ClientID) {
        if session.subscriptions(of: id).isEmpty, links[id]?.outbox.closing == false {
            disconnect(id, reason: nil)
        }
    }

    func writabilityChanged(_ writable: Bool, of id: ClientID) {
        guard let action = links[id]?.outbox.writabilityChanged(writable) else { return }
        perform(action, for: id)
    }

    func left(_ id: ClientID) {
        remove(id)
    }

    func later(_ work: @escaping () -> Void) {
        if let turns {
            turns.later(work)
        } else {
            eventLoop.assumeIsolated().execute(work)
        }
    }

    /// Handles this turn's share of the complete lines (``ServerConfiguration/requestsPerTurn``,
    /// or fewer once their replies reach ``ServerConfiguration/replyBytesPerTurn``) in one batch: what they cause leaves in one send. True when more lines wait for a
    /// later turn.
    ///
    /// A peer that has closed its connection for good reads no answer: its requests that only
    /// ask (``Command/Name/onlyAsks``) are dropped, not worked through; what changes something
    /// is still done.
    private func drain(_ lines: inout RequestLines, from id: ClientID) -> Bool {
        guard let link = links[id] else { return false }
        link.outbox.beginBatch()
        let gone = link.peerHungUp()
        var budget = configuration.requestsPerTurn
        var dropped = 0
        while budget > 0, link.outbox.closing == false, link.outbox.batchBytes < configuration.replyBytesPerTurn,
            let line = lines.next()
        {
            if handle(line, from: id, peerGone: gone) { budget -= 1 } else { dropped += 1 }
        }
        if dropped > 0 {
            link.logger.debug(
                "client \(id) closed its connection: \(dropped) requests that only ask were dropped unanswered")
        }
        // A line over the limit is answered once every line before it has been.
        if lines.overflowed, !lines.hasLine, link.outbox.closing == false { lineTooLong(from: id) }
        if let action = links[id]?.outbox.endBatch() { perform(action, for: id) }
        return links[id]?.outbox.closing == false && lines.hasLine
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
    ///
    /// - Returns: false when the request was dropped (it only asks, and `peerGone`).
    @discardableResult
    func handle(_ line: ByteBuffer, from id: ClientID, peerGone: Bool = false) -> Bool {
        let request: Request
        switch Request.parse(line.readableBytesView) {
        case .failure(let failure):
            send(.reply(Reply(id: failure.id, error: failure.error)), to: id)
            return true
        case .success(let parsed):
            request = parsed
        }
        if peerGone, request.command.kind.onlyAsks { return false }
        links[id]?.logger.trace("client \(id) sent \(request.command.name)")
        if request.command.kind == .getState { session.framesSent = framesSent }
        let (reply, effects) = session.apply(request.command, from: id, request: request.id, at: clock)
        if let reply { answer(Requester(client: id, request: request.id), with: reply) }
        carry(effects)
        return true
    }

    /// Sends the reply to a request: typed, or an `internal` error when it cannot be encoded.
    func answer(_ requester: Requester, with reply: Result<CommandResult, WireError>) {
        switch reply {
        case .success(.schema):
            if let bytes = schemaResult {
                answer(requester, withEncoded: bytes)
            } else {
                answer(
                    requester,
                    with: .failure(
                        WireError(.internal, "the daemon could not encode its schema (a bug: please report it)")))
            }
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

extension Command.Name {
    /// Whether the command only asks (its answer is all it does, for the asker alone): what a
    /// peer that has closed its connection sent of these is dropped.
    var onlyAsks: Bool {
        switch self {
        case .ping, .getParams, .getFrame, .getState, .getSchema, .history, .export, .subscribe, .unsubscribe: true
        default: false
        }
    }
}
