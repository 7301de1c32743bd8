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

    func execute(_ command: Command, from client: ClientHandler, reply: (CommandResult) -> Void) throws(WireError) {
        switch command {
        case .ping:
            reply(.empty)
        case .getParams:
            reply(.params(paramsInfo))
        case let .setParams(json):
            let update = ParamNode(json: json)
            let merged = overrides.merging(update)
            let tree = inForceTree.merging(update)
            let resolved: Resolved
            do {
                resolved = try ParamsSchema.resolve(tree)
            } catch {
                throw WireError(.invalidArgument, "set_params: \(error.message)")
            }
            overrides = merged
            inForceTree = tree
            let hadChange = resolved.parameters != parameters
            source = .set
            if hadChange {
                // The reply comes first, then the events it causes.
                var info = paramsInfo
                info.revision += 1
                info.params = resolved.parameters
                reply(.params(info))
                install(resolved.parameters, source: .set)
            } else {
                reply(.params(paramsInfo))
            }
        case .getFrame:
            reply(.frame(frame))
        case .getState:
            reply(.state(state))
        case let .subscribe(kinds):
            setSubscriptions(client.subscriptions.union(kinds), of: client)
            reply(.events(EventKind.allCases.filter(client.subscriptions.contains)))
            if kinds.contains(.frame), let bytes = frameEvent, client.offerFrame(bytes) { framesSent += 1 }
        case let .unsubscribe(kinds):
            setSubscriptions(client.subscriptions.subtracting(kinds), of: client)
            reply(.events(EventKind.allCases.filter(client.subscriptions.contains)))
        case let .scroll(by):
            let wasAnimating = stopAnimation(announce: false)
            let now = clock
            // A drag's speed, from the previous scroll step when it was recent.
            let velocity = lastScroll.map { now - $0.time < 0.25 && now > $0.time ? by / (now - $0.time) : 0 } ?? 0
            lastScroll = (now, by)
            move(to: Layout.normalize(offset + by, deckParameters), at: now, velocity: velocity)
            reply(.offset(offset))
            publishFrame()
            if wasAnimating { broadcast(.state(state), to: .state) }
            keepTicking()
        case let .scrollTo(target, animated):
            if animated {
                let end = nearestEquivalent(of: target)
                reply(.offset(Layout.normalize(end, deckParameters)))
                animate(stepMotion(to: end))
            } else {
                let wasAnimating = stopAnimation(announce: false)
                move(to: Layout.normalize(target, deckParameters), at: clock, velocity: 0)
                reply(.offset(offset))
                publishFrame()
                if wasAnimating { broadcast(.state(state), to: .state) }
                keepTicking()
            }
        case let .fling(velocity):
            let end = Layout.flingTarget(from: offset, velocity: velocity, deckParameters)
            reply(.target(Layout.normalize(end, deckParameters)))
            animate(flingMotion(to: end, velocity: velocity))
        case .snap:
            let end = Layout.snapPoint(animation?.motion.to ?? offset, deckParameters)
            reply(.target(Layout.normalize(end, deckParameters)))
            animate(stepMotion(to: end))
        case let .next(count), let .prev(count):
            let sign: Double = if case .next = command { 1 } else { -1 }
            let base = animation.map { Layout.snapPoint($0.motion.to, deckParameters) } ?? Layout.snapPoint(offset, deckParameters)
            var end = base + sign * Double(count) * parameters.layout.spacing
            if !parameters.layout.wrap { end = Layout.normalize(end, deckParameters) }
            reply(.target(Layout.normalize(end, deckParameters)))
            animate(stepMotion(to: end))
        case let .edit(edit):
            try applyEdit(edit, reply: reply)
        case let .tuning(tuning):
            try executeTuning(tuning, reply: reply)
        case let .open(item):
            try openReveal(item: item, reply: reply)
        case .close:
            closeReveal(reply: reply)
        case .getSchema:
            reply(.schema(ParamsSchema.schemaInfo))
        }
    }

    /// `target` moved by whole turns of the deck to be as near as possible to the offset,
    /// so an animated scroll takes the short way round when the deck wraps.
    private func nearestEquivalent(of target: Double) -> Double {
        guard parameters.layout.wrap else { return Layout.normalize(target, deckParameters) }
        let period = Layout.period(deckParameters)
        let delta = (target - offset).truncatingRemainder(dividingBy: period)
        let short = delta > period / 2 ? delta - period : (delta < -period / 2 ? delta + period : delta)
        return offset + short
    }

    /// Sets the offset and lets the scroll memory (CoverFlow2, the iOS 7 switcher) see it.
    func move(to newOffset: Double, at time: Double, velocity: Double) {
        offset = newOffset
        memory.observe(offset: offset, at: time, velocity: velocity, animating: animation != nil, parameters: deckParameters)
    }

    // MARK: Animation

    /// Runs `motion` at `animation.fps`: one frame per tick, exactly on the target at the end.
    /// A timer exists only while something moves.
    func animate(_ motion: Motion) {
        let wasAnimating = stopAnimation(announce: false)
        guard motion.from != motion.to else {
            let landed = Layout.normalize(motion.to, deckParameters)
            if landed != offset {
                move(to: landed, at: clock, velocity: 0)
                publishFrame()
            }
            if wasAnimating { broadcast(.state(state), to: .state) }
            return
        }
        let wasBusy = isAnimating
        let now = clock
        animation = Animation(motion: motion, start: now)
        if !wasAnimating, !wasBusy { broadcast(.state(state), to: .state) }
        // The move's first frame, at its start time: where the curve begins (its `time` is
        // the start a client measures the curve from).
        publishFrame(nextComing: true, at: now)
        keepTicking()
    }

    /// The time between two frames while something moves.
    var tickInterval: TimeAmount { .nanoseconds(Int64(1e9 / Double(parameters.animation.fps))) }

    /// Schedules the next tick when something moves and none is scheduled. Ticks are
    /// scheduled one at a time, each an interval after the one before, and nothing is
    /// scheduled once everything is at rest.
    func keepTicking(after previous: NIODeadline? = nil) {
        guard ticker == nil, isAnimating || memory.isEasing(at: clock) else { return }
        let due = (previous ?? NIODeadline.now()) + tickInterval
        ticker = eventLoop.assumeIsolated().scheduleTask(deadline: max(due, NIODeadline.now())) { [self] in
            tick(scheduled: due)
        }
    }

    private func tick(scheduled: NIODeadline) {
        ticker = nil
        let wasAnimating = isAnimating
        let now = clock
        if let running = animation {
            let elapsed = now - running.start
            let finished = running.motion.isFinished(at: elapsed)
            if finished { animation = nil }
            // The last position is observed as animating, so CoverFlow2 comes to rest settled.
            offset = Layout.normalize(running.motion.position(at: elapsed), deckParameters)
            memory.observe(offset: offset, at: now, velocity: 0, animating: true, parameters: deckParameters)
        }
        if let running = editing, now - running.start >= running.duration {
            editing = nil
        }
        advanceReveal(at: now)
        keepTicking(after: scheduled)
        publishFrame(nextComing: ticker != nil, at: now)
        if wasAnimating, !isAnimating { broadcast(.state(state), to: .state) }
    }

    /// Cancels the running motion, if any, and says whether there was one. A deck edit in
    /// progress goes on.
    @discardableResult
    func stopAnimation(announce: Bool) -> Bool {
        guard animation != nil else { return false }
        animation = nil
        if !isAnimating, let running = ticker {
            running.cancel()
            ticker = nil
            releaseParkedFrames()
        }
        if announce { broadcast(.state(state), to: .state) }
        return true
    }
}

/// Every command's result, encoded as its own JSON shape (docs/protocol.md §4's table).
enum CommandResult: Sendable, Equatable, Codable {
    case empty
    case params(ParamsInfo)
    case frame(Frame)
    case state(StateInfo)
    case events([EventKind])
    case offset(Double)
    case target(Double)
    /// A deck edit's result: the deck's new size and front item.
    case deck(cards: Int, front: Int)
    case saved(SaveResult)
    case history(HistoryInfo)
    case exported(ExportResult)
    case presets(PresetList)
    /// `get_schema`: every key's type, range and defaults.
    case schema(SchemaInfo)

    enum Key: String, CodingKey { case events, offset, target, cards, front }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = encoder.container(keyedBy: Key.self)
        case let .params(p): try p.encode(to: encoder)
        case let .frame(f):
            var c = encoder.singleValueContainer()
            try c.encode(f)
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
        case let .deck(cards, front):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(cards, forKey: .cards)
            try c.encode(front, forKey: .front)
        case let .saved(r): try r.encode(to: encoder)
        case let .history(h): try h.encode(to: encoder)
        case let .exported(e): try e.encode(to: encoder)
        case let .presets(p): try p.encode(to: encoder)
        case let .schema(s): try s.encode(to: encoder)
        }
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "results are decoded by clients as JSON"))
    }
}
