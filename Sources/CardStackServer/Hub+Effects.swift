import CardStackProtocol
import CardStackSession
import CardStackWire
import NIOCore

/// Where the session's effects become writes: every byte the daemon sends a client after
/// `hello` leaves through ``Hub/carry(_:)`` or a reply in Hub+Commands.swift.
extension Hub {
    /// Carries out `effects` in order.
    func carry(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .publishFrame(let event, let nextComing):
                publishFrame(event, nextComing: nextComing)
            case .layOut:
                carry(session.layOut(at: clock))
            case .publishState:
                session.framesSent = framesSent
                broadcast(.state(session.state(at: clock)), to: .state)
            case .publishParams:
                checkImages(force: false)
                broadcast(.params(session.paramsInfo), to: .params)
            case .publishConfigError(let error):
                broadcast(.configError(error), to: .configError)
            case .scheduleTick(let due):
                schedule(due)
            case .cancelTick:
                ticker?.cancel()
                ticker = nil
                releaseParkedFrames()
            case .sendFrame(let id):
                if session.hasGrid(id) {
                    if let bytes = encode(ServerMessage.frame(session.frameEvent(for: id))) {
                        offerFrame(bytes, to: id)
                    }
                } else if let bytes = frameEventBytes {
                    offerFrame(bytes, to: id)
                }
            case .publishGridFrame(let id, let nextComing):
                offerGridFrame(to: id, nextComing: nextComing)
            case .sendVariants(let id):
                send(.variants(session.variantsInfo(of: id)), to: id)
            case .save(let plan, let requester):
                let (reply, caused) = session.finishSave(plan, outcome: write(plan), for: requester, at: clock)
                answer(requester, with: reply)
                carry(caused)
            case .readPreset(let name, let requester):
                let (reply, caused) = session.finishPreset(readPreset(name), for: requester, at: clock)
                answer(requester, with: reply)
                carry(caused)
            case .export(let format, let offset, let options, let requester):
                answerExport(format, at: offset, options: options, for: requester)
            case .close(let id, let reason):
                _ = disconnect(id, reason: reason)
            case .statusChanged:
                onStatusChange?(self)
            case .log(let level, let message):
                switch level {
                case .debug: logger.debug("\(message)")
                case .info: logger.info("\(message)")
                case .warning: logger.warning("\(message)")
                case .error: logger.error("\(message)")
                }
            }
        }
    }

    /// Schedules the session's next tick at `due` (session time), or at once if it passed.
    private func schedule(_ due: Double) {
        ticker?.cancel()
        let deadline = started + .nanoseconds(Int64((due * 1e9).rounded()))
        ticker = eventLoop.assumeIsolated().scheduleTask(deadline: max(deadline, NIODeadline.now())) { [self] in
            tick()
        }
    }

    /// Sends `message` to every client subscribed to `kind`; with none, it is not even made.
    func broadcast(_ message: @autoclosure () -> ServerMessage, to kind: EventKind) {
        let subscribers = session.subscribers[kind] ?? []
        guard !subscribers.isEmpty, let bytes = encode(message()) else { return }
        for id in subscribers { send(bytes, to: id) }
    }

    /// The session's current frame event, encoded at most once per `seq`.
    var frameEventBytes: ByteBuffer? {
        if let encodedFrame, encodedFrame.seq == session.seq { return encodedFrame.bytes }
        guard let bytes = encode(ServerMessage.frame(session.frameEvent)) else { return nil }
        encodedFrame = (session.seq, bytes)
        return bytes
    }

    /// Offers `event` to every frame subscriber: encoded once, one direct `send` each.
    ///
    /// - Parameter nextComing: a tick is scheduled, so a subscriber whose socket is full
    ///   can simply wait for that frame.
    private func publishFrame(_ event: FrameEvent, nextComing: Bool) {
        encodedFrame = nil
        // A copy: a write that fails closes its client at once, which removes its link (and
        // closes its outbox, so it takes nothing more). The copy holds every link: no retain
        // per subscriber.
        let subscribers = frameLinks
        // A client with a grid is sent its own frame event, with its cells' frames.
        for id in session.gridClients where session.subscriptions(of: id).contains(.frame) {
            offerGridFrame(to: id, nextComing: nextComing)
        }
        guard !subscribers.isEmpty, let bytes = encode(ServerMessage.frame(event)) else { return }
        encodedFrame = (event.seq, bytes)
        subscribers.withUnsafeBufferPointer { links in
            bytes.withUnsafeReadableBytes { raw in
                for index in links.indices {
                    unowned(unsafe) let link = links[index]
                    offerFrame(bytes, raw, to: link, nextComing: nextComing)
                }
            }
        }
    }

    /// Offers client `id` the frame in force with its grid's cells (encoded for it alone:
    /// a grid's cost stays with its client).
    private func offerGridFrame(to id: ClientID, nextComing: Bool) {
        guard let link = links[id], let bytes = encode(ServerMessage.frame(session.frameEvent(for: id))) else { return }
        bytes.withUnsafeReadableBytes { offerFrame(bytes, $0, to: link, nextComing: nextComing) }
    }

    /// Ticks stopped: frames parked for the next one go to NIO instead.
    func releaseParkedFrames() {
        for link in frameLinks + session.gridClients.compactMap({ links[$0] }) {
            perform(link.outbox.releaseParked(), on: link)
        }
    }

    /// One message as a line, ready to write to any number of clients.
    func encode(_ message: some Encodable) -> ByteBuffer? {
        do {
            var bytes = try WireJSON.encode(message, reusing: &paramsWire)
            bytes.append(UInt8(ascii: "\n"))
            return ByteBuffer(bytes: bytes)
        } catch {
            logger.error("could not encode \(type(of: message)): \(error)")
            return nil
        }
    }
}
