import CardLayout
import CardStackParams
import CardStackProtocol

extension Session {
    /// Applies one command from `client` at `now`: the reply, and what it causes.
    ///
    /// `save` and `preset` need the driver's file work first: their reply is nil, and an
    /// effect (``Effect/save(_:for:)``, ``Effect/readPreset(name:for:)``) asks for that work,
    /// whose outcome comes back through ``finishSave(_:outcome:for:at:)`` or
    /// ``finishPreset(_:for:at:)`` with the reply for `request`.
    public mutating func apply(
        _ command: Command, from client: ClientID, request: RequestID? = nil, at now: Double
    ) -> (reply: Result<CommandResult, WireError>?, effects: [Effect]) {
        var reply: Result<CommandResult, WireError>?
        let requester = Requester(client: client, request: request)
        let effects = collecting { session in
            do throws(WireError) {
                let seqBefore = session.seq
                reply = try session.execute(command, from: requester, at: now).map { .success($0) }
                session.mirror(command, seqBefore: seqBefore, at: now)
            } catch {
                reply = .failure(error)
            }
        }
        return (reply, effects)
    }

    /// The result of `command`, or nil when an effect's file work answers it.
    private mutating func execute(_ command: Command, from requester: Requester, at now: Double) throws(WireError)
        -> CommandResult?
    {
        let client = requester.client
        try checkNoFinger(before: command)
        switch command {
        case .ping:
            return .empty
        case .getParams:
            return .params(paramsInfo)
        case .setParams(let json, let gesture):
            let update = ParamNode(json: json)
            let merged = ParamsSchema.merging(overrides, update)
            let tree = ParamsSchema.merging(inForceTree, update)
            let resolved: Resolved
            do {
                resolved = try ParamsSchema.resolve(update, merged: tree, onto: parameters)
            } catch {
                throw WireError(.invalidArgument, "set_params: \(error.message)")
            }
            overrides = merged
            inForceTree = tree
            source = .set
            guard resolved.parameters != parameters else { return .params(paramsInfo) }
            // The reply comes first, then the events it causes (install only emits them): it
            // is the set now in force, with its unsaved keys and warnings.
            install(
                resolved.parameters, source: .set, coalescing: .init(client: client, gesture: gesture), at: now)
            return .params(paramsInfo)
        case .getFrame:
            return .frame(frame)
        case .getState:
            return .state(state(at: now))
        case .subscribe(let kinds):
            let subscribed = subscribe(client, to: subscriptions(of: client).union(kinds))
            if kinds.contains(.frame) { emit(.sendFrame(to: client)) }
            return .events(EventKind.allCases.filter(subscribed.contains))
        case .unsubscribe(let kinds):
            let subscribed = subscribe(client, to: subscriptions(of: client).subtracting(kinds))
            return .events(EventKind.allCases.filter(subscribed.contains))
        case .scroll(let by):
            let wasAnimating = stopAnimation()
            // A drag's speed, from the previous scroll step when it was recent.
            let velocity = lastScroll.map { now - $0.time < 0.25 && now > $0.time ? by / (now - $0.time) : 0 } ?? 0
            lastScroll = (now, by)
            move(to: Layout.normalize(offset + by, deckParameters), at: now, velocity: velocity)
            publishFrame(at: now)
            if wasAnimating { emit(.publishState) }
            keepTicking(at: now)
            return .offset(offset)
        case .scrollTo(let target, let animated):
            if animated {
                let end = nearestEquivalent(of: target)
                animate(stepMotion(to: end, at: now), at: now)
                return .offset(Layout.normalize(end, deckParameters))
            }
            let wasAnimating = stopAnimation()
            move(to: Layout.normalize(target, deckParameters), at: now, velocity: 0)
            publishFrame(at: now)
            if wasAnimating { emit(.publishState) }
            keepTicking(at: now)
            return .offset(offset)
        case .fling(let velocity):
            // The scroll model's throw (docs/layouts.md §8): past an edge and back, at rest.
            let motion = ScrollMotion.release(from: offset, velocity: velocity, deckParameters)
            animate(.scroll(motion), kind: .fling, velocity: velocity, at: now)
            return .target(Layout.normalize(motion.to ?? offset, deckParameters))
        case .drag(let phase):
            return try drag(phase, from: client, at: now)
        case .snap:
            let end = Layout.snapPoint(animation?.motion.to(or: offset) ?? offset, deckParameters)
            animate(stepMotion(to: end, at: now), at: now)
            return .target(Layout.normalize(end, deckParameters))
        case .next(let count), .prev(let count):
            let steps = if case .next = command { count } else { -count }
            let end = Layout.stepTarget(
                from: animation?.motion.to(or: offset) ?? offset, steps: steps, deckParameters)
            if crossfadeDuration != nil {
                crossfade(to: end, at: now)
            } else {
                animate(stepMotion(to: end, at: now), at: now)
            }
            return .target(Layout.normalize(end, deckParameters))
        case .edit(let edit):
            return try applyEdit(edit, at: now)
        case .tuning(let tuning):
            return try executeTuning(tuning, from: requester, at: now)
        case .open(let item):
            return try openReveal(item: item, at: now)
        case .close:
            closeReveal(at: now)
            return .empty
        case .getSchema:
            return .schema(ParamsSchema.schemaInfo)
        case .setVariants(let request):
            return try setVariants(request, for: client, at: now)
        }
    }

    /// Sets what `client` is subscribed to; returns the new set.
    private mutating func subscribe(_ client: ClientID, to kinds: Set<EventKind>) -> Set<EventKind> {
        guard let before = clients[client] else { return kinds }
        clients[client] = kinds
        subscriptionsVersion += 1
        for kind in before.subtracting(kinds) { subscribers[kind]?.removeAll { $0 == client } }
        for kind in EventKind.allCases where kinds.contains(kind) && !before.contains(kind) {
            subscribers[kind, default: []].append(client)
        }
        return kinds
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
    mutating func move(to newOffset: Double, at time: Double, velocity: Double) {
        offset = newOffset
        memory.observe(
            offset: offset, at: time, velocity: velocity, animating: animation != nil, parameters: deckParameters)
    }
}
