import CardLayout
import CardStackParams
import CardStackProtocol
import NIOCore

extension Hub {
    /// Applies one request line from `client` and sends its reply, then whatever the
    /// command causes (events, frames). Replies go out in request order.
    func handle(_ line: ByteBuffer, from client: ClientHandler) {
        let request: Request
        switch Request.parse(line.readableBytesView) {
        case let .failure(failure):
            client.sendMessage(.reply(Reply(id: failure.id, error: failure.error)))
            return
        case let .success(parsed):
            request = parsed
        }
        do {
            try execute(request.command, from: client) { result in
                self.send(Reply(id: request.id, result: result), to: client, command: request.command)
            }
        } catch {
            client.sendMessage(.reply(Reply(id: request.id, error: error)))
        }
    }

    /// Writes a typed reply, or an `internal` error when it cannot be encoded.
    private func send<R>(_ reply: Reply<R>, to client: ClientHandler, command: Command) {
        if let bytes = encode(reply) {
            client.sendReliable(bytes)
        } else {
            client.sendMessage(.reply(Reply(id: reply.id, error: WireError(.internal, "the daemon could not encode its reply to \(command.name)"))))
        }
    }

    private func execute(_ command: Command, from client: ClientHandler, reply: (CommandResult) -> Void) throws(WireError) {
        switch command {
        case .ping:
            reply(.empty)
        case .getParams:
            reply(.params(paramsInfo))
        case let .setParams(json):
            let update = ParamNode(json: json)
            let merged = overrides.merging(update)
            let resolved: Resolved
            do {
                resolved = try ParamsSchema.resolve(fileTree.merging(merged))
            } catch {
                throw WireError(.invalidArgument, "set_params: \(error.message)")
            }
            overrides = merged
            let hadChange = resolved.parameters != parameters
            source = .client
            if hadChange {
                // The reply comes first, then the events it causes.
                var info = paramsInfo
                info.revision += 1
                info.params = resolved.parameters
                reply(.params(info))
                install(resolved.parameters, source: .client)
            } else {
                reply(.params(paramsInfo))
            }
        case .getFrame:
            reply(.frame(frame))
        case .getState:
            reply(.state(state))
        case let .subscribe(kinds):
            setSubscriptions(client.subscriptions.union(kinds), of: client, id: client.id)
            reply(.events(EventKind.allCases.filter(client.subscriptions.contains)))
            if kinds.contains(.frame), let bytes = frameEvent { client.offerFrame(bytes) }
        case let .unsubscribe(kinds):
            setSubscriptions(client.subscriptions.subtracting(kinds), of: client, id: client.id)
            reply(.events(EventKind.allCases.filter(client.subscriptions.contains)))
        case let .scroll(by):
            let wasAnimating = stopAnimation(announce: false)
            offset = Layout.normalize(offset + by, parameters)
            reply(.offset(offset))
            publishFrame()
            if wasAnimating { broadcast(.state(state), to: .state) }
        case let .scrollTo(target, animated):
            if animated {
                let end = nearestEquivalent(of: target)
                reply(.offset(Layout.normalize(end, parameters)))
                animate(Motion(from: offset, to: end, duration: Motion.stepDuration, deceleration: parameters.animation.deceleration))
            } else {
                let wasAnimating = stopAnimation(announce: false)
                offset = Layout.normalize(target, parameters)
                reply(.offset(offset))
                publishFrame()
                if wasAnimating { broadcast(.state(state), to: .state) }
            }
        case let .fling(velocity):
            let end = Layout.flingTarget(from: offset, velocity: velocity, parameters)
            reply(.target(Layout.normalize(end, parameters)))
            animate(Motion.fling(from: offset, to: end, deceleration: parameters.animation.deceleration))
        case .snap:
            let end = Layout.snapPoint(animation?.motion.to ?? offset, parameters)
            reply(.target(Layout.normalize(end, parameters)))
            animate(Motion(from: offset, to: end, duration: Motion.stepDuration, deceleration: parameters.animation.deceleration))
        case let .next(count), let .prev(count):
            let sign: Double = if case .next = command { 1 } else { -1 }
            let base = animation.map { Layout.snapPoint($0.motion.to, parameters) } ?? Layout.snapPoint(offset, parameters)
            var end = base + sign * Double(count) * parameters.layout.spacing
            if !parameters.layout.wrap { end = Layout.normalize(end, parameters) }
            reply(.target(Layout.normalize(end, parameters)))
            animate(Motion(from: offset, to: end, duration: Motion.stepDuration, deceleration: parameters.animation.deceleration))
        }
    }

    /// `target` moved by whole turns of the deck to be as near as possible to the offset,
    /// so an animated scroll takes the short way round when the deck wraps.
    private func nearestEquivalent(of target: Double) -> Double {
        guard parameters.layout.wrap else { return Layout.normalize(target, parameters) }
        let period = Layout.period(parameters)
        let delta = (target - offset).truncatingRemainder(dividingBy: period)
        let short = delta > period / 2 ? delta - period : (delta < -period / 2 ? delta + period : delta)
        return offset + short
    }

    // MARK: Animation

    /// Runs `motion` at `animation.fps`: one frame per tick, exactly on the target at the end.
    /// A timer exists only while something moves.
    func animate(_ motion: Motion) {
        let wasAnimating = stopAnimation(announce: false)
        guard motion.from != motion.to else {
            let landed = Layout.normalize(motion.to, parameters)
            if landed != offset {
                offset = landed
                publishFrame()
            }
            if wasAnimating { broadcast(.state(state), to: .state) }
            return
        }
        let interval = TimeAmount.nanoseconds(Int64(1e9 / Double(parameters.animation.fps)))
        let start = NIODeadline.now()
        animation = Animation(motion: motion, start: start, interval: interval, ticks: 0, next: scheduleTick(at: start + interval))
        if !wasAnimating { broadcast(.state(state), to: .state) }
    }

    /// Ticks are scheduled one at a time on a fixed grid (start + n * interval), so they
    /// don't drift, and nothing is scheduled once the motion is over.
    private func scheduleTick(at deadline: NIODeadline) -> Scheduled<Void> {
        eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in tick() }
    }

    private func tick() {
        guard var running = animation else { return }
        let elapsed = Double((NIODeadline.now() - running.start).nanoseconds) / 1e9
        offset = Layout.normalize(running.motion.position(at: elapsed), parameters)
        let finished = running.motion.isFinished(at: elapsed)
        if finished {
            animation = nil
        } else {
            running.ticks += 1
            let due = running.start + running.interval * Int64(running.ticks + 1)
            running.next = scheduleTick(at: max(due, NIODeadline.now()))
            animation = running
        }
        publishFrame()
        if finished { broadcast(.state(state), to: .state) }
    }

    /// Cancels the running animation, if any, and says whether there was one.
    @discardableResult
    func stopAnimation(announce: Bool) -> Bool {
        guard let running = animation else { return false }
        running.next.cancel()
        animation = nil
        if announce { broadcast(.state(state), to: .state) }
        return true
    }
}

/// Every command's result, encoded as its own JSON shape (SPEC §4's table).
enum CommandResult: Sendable, Equatable, Codable {
    case empty
    case params(ParamsInfo)
    case frame(Frame)
    case state(StateInfo)
    case events([EventKind])
    case offset(Double)
    case target(Double)

    enum Key: String, CodingKey { case events, offset, target }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = encoder.container(keyedBy: Key.self)
        case let .params(p): try p.encode(to: encoder)
        case let .frame(f): try f.encode(to: encoder)
        case let .state(s): try s.encode(to: encoder)
        case let .events(e):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(e, forKey: .events)
        case let .offset(x):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(x, forKey: .offset)
        case let .target(x):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(x, forKey: .target)
        }
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "results are decoded by clients as JSON"))
    }
}
