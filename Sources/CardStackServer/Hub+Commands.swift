import CardStackProtocol
import CardStackSession
import CardStackWire
import NIOCore

extension Hub {
    /// Applies one request line from `client` and sends its reply, then whatever the
    /// command causes (events, frames). Replies go out in request order.
    ///
    /// Commands are handled in the session (CardStackSession/Session+Commands.swift);
    /// `save` and `preset` do their file access, and `export` writes its text, here
    /// (Hub+Tuning.swift).
    func handle(_ line: ByteBuffer, from client: ClientHandler) {
        let request: Request
        switch Request.parse(line.readableBytesView) {
        case let .failure(failure):
            client.sendMessage(.reply(Reply(id: failure.id, error: failure.error)))
            return
        case let .success(parsed):
            request = parsed
        }
        guard let id = client.id else { return }
        let now = clock
        let reply: Result<CommandResult, WireError>, effects: [Effect]
        switch request.command {
        case .tuning(.save), .tuning(.preset), .tuning(.export):
            (reply, effects) = applyAtEdge(request.command, at: now)
        default:
            (reply, effects) = session.apply(request.command, from: id, at: now)
        }
        switch reply {
        case let .success(result): send(Reply(id: request.id, result: result), to: client, command: request.command)
        case let .failure(error): client.sendMessage(.reply(Reply(id: request.id, error: error)))
        }
        carry(effects)
    }

    /// Writes a typed reply, or an `internal` error when it cannot be encoded.
    private func send<R>(_ reply: Reply<R>, to client: ClientHandler, command: Command) {
        if let bytes = encode(reply) {
            client.sendReliable(bytes)
        } else {
            client.sendMessage(.reply(Reply(id: reply.id, error: WireError(.internal, "the daemon could not encode its reply to \(command.name)"))))
        }
    }
}
