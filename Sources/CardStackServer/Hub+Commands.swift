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
        let reply = { (result: any Encodable) in
            do {
                client.sendMessage(.reply(Reply(id: request.id, result: try JSONValue(encoding: result))))
            } catch {
                self.logger.error("could not encode the result of \(request.command.name): \(error)")
                client.sendMessage(.reply(Reply(id: request.id, error: WireError(.internal, "the daemon could not encode its reply"))))
            }
        }
        do {
            try execute(request.command, from: client, reply: reply)
        } catch {
            client.sendMessage(.reply(Reply(id: request.id, error: error)))
        }
    }

    private func execute(_ command: Command, from client: ClientHandler, reply: (any Encodable) -> Void) throws(WireError) {
        switch command {
        case .ping:
            reply(Empty())
        case .getParams:
            reply(paramsInfo)
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
                reply(info)
                install(resolved.parameters, source: .client)
            } else {
                reply(paramsInfo)
            }
        case .getFrame:
            reply(frame)
        case .getState:
            reply(state)
        case let .subscribe(kinds):
            client.subscriptions.formUnion(kinds)
            reply(EventList(events: EventKind.allCases.filter(client.subscriptions.contains)))
            if kinds.contains(.frame), let bytes = frameEvent { client.offerFrame(bytes) }
        case let .unsubscribe(kinds):
            client.subscriptions.subtract(kinds)
            reply(EventList(events: EventKind.allCases.filter(client.subscriptions.contains)))
        case let .scroll(by):
            let wasAnimating = stopAnimation(announce: false)
            offset = Layout.normalize(offset + by, parameters)
            reply(OffsetResult(offset: offset))
            publishFrame()
            if wasAnimating { broadcast(.state(state), to: .state) }
        case let .scrollTo(target, animated):
            if animated {
                let end = nearestEquivalent(of: target)
                reply(OffsetResult(offset: Layout.normalize(end, parameters)))
                animate(Motion(from: offset, to: end, duration: Motion.stepDuration, deceleration: parameters.animation.deceleration))
            } else {
                let wasAnimating = stopAnimation(announce: false)
                offset = Layout.normalize(target, parameters)
                reply(OffsetResult(offset: offset))
                publishFrame()
                if wasAnimating { broadcast(.state(state), to: .state) }
            }
        case let .fling(velocity):
            let end = Layout.flingTarget(from: offset, velocity: velocity, parameters)
            reply(TargetResult(target: Layout.normalize(end, parameters)))
            animate(Motion.fling(from: offset, to: end, deceleration: parameters.animation.deceleration))
        case .snap:
            let end = Layout.snapPoint(animation?.motion.to ?? offset, parameters)
            reply(TargetResult(target: Layout.normalize(end, parameters)))
            animate(Motion(from: offset, to: end, duration: Motion.stepDuration, deceleration: parameters.animation.deceleration))
        case let .next(count), let .prev(count):
            let sign: Double = if case .next = command { 1 } else { -1 }
            let base = animation.map { Layout.snapPoint($0.motion.to, parameters) } ?? Layout.snapPoint(offset, parameters)
            var end = base + sign * Double(count) * parameters.layout.spacing
            if !parameters.layout.wrap { end = Layout.normalize(end, parameters) }
            reply(TargetResult(target: Layout.normalize(end, parameters)))
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

struct Empty: Encodable {}

struct EventList: Encodable {
    var events: [EventKind]
}

struct OffsetResult: Encodable {
    var offset: Double
}

struct TargetResult: Encodable {
    var target: Double
}
