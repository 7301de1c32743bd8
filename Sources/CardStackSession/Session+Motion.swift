import CardLayout

extension Session {
    /// A `next`, `prev`, `snap` or animated `scroll_to` from the offset to `end`, shaped by
    /// `[animation]`: its duration and curve, or its spring, which takes over the velocity of
    /// the move it interrupts.
    func stepMotion(to end: Double, at now: Double) -> Motion {
        let velocity = animation.map { $0.motion.velocity(at: now - $0.start) } ?? 0
        return Motion.step(from: offset, to: end, velocity: velocity, animation: deckParameters.animation)
    }

    /// A fling toward `end`: the scroll view's deceleration, or, with a spring and `snap`
    /// on, the spring starting at the fling's velocity (``Motion/fling(from:to:velocity:animation:)``).
    func flingMotion(to end: Double, velocity: Double) -> Motion {
        Motion.fling(from: offset, to: end, velocity: velocity, animation: deckParameters.animation)
    }

    /// Runs `motion` at `animation.fps`: one frame per tick, exactly on the target at the end.
    /// A tick is scheduled only while something moves. `flingVelocity`: the move is a fling
    /// at that velocity (what its frames' `motion` says).
    mutating func animate(_ motion: Motion, flingVelocity: Double? = nil, at now: Double) {
        let wasAnimating = stopAnimation()
        guard motion.from != motion.to else {
            let landed = Layout.normalize(motion.to, deckParameters)
            if landed != offset {
                move(to: landed, at: now, velocity: 0)
                publishFrame(at: now)
            }
            if wasAnimating { emit(.publishState) }
            return
        }
        let wasBusy = isAnimating
        let record = MotionStart(
            kind: flingVelocity == nil ? .step : .fling, from: motion.from, to: motion.to,
            velocity: flingVelocity ?? motion.velocity, start: now)
        animation = Animation(motion: motion, start: now, record: record)
        if !wasAnimating, !wasBusy { emit(.publishState) }
        // The move's first frame, at its start time: where the curve begins (its `time` is
        // the start a client measures the curve from).
        publishFrame(nextComing: true, at: now)
        keepTicking(at: now)
    }

    /// The time between two frames while something moves, in whole nanoseconds.
    public var tickInterval: Double { Double(Int64(1e9 / Double(deckParameters.animation.fps))) / 1e9 }

    /// Schedules the next tick when something moves and none is scheduled. Ticks are
    /// scheduled one at a time, each an interval after the one before (ticks whose time
    /// passed before this one ran are dropped, never made up), and nothing is scheduled once
    /// everything is at rest.
    mutating func keepTicking(at now: Double, after previous: Double? = nil) {
        let own = isAnimating || memory.isEasing(at: now)
        if own { mainTicks = true }
        guard tickDue == nil, own || gridsMoving else { return }
        let due = previous.map { Self.nextTick(after: $0, interval: tickInterval, later: now) } ?? now + tickInterval
        tickDue = due
        emit(.scheduleTick(at: due))
    }

    /// The first tick time `scheduled + k·interval` (k ≥ 1) later than `earliest`: the
    /// ticks between are dropped; the next frame shows where things are when it runs.
    public static func nextTick(after scheduled: Double, interval: Double, later earliest: Double) -> Double {
        let next = scheduled + interval
        guard next <= earliest, interval > 0 else { return next }
        var due = scheduled + ((earliest - scheduled) / interval).rounded(.down) * interval
        while due <= earliest { due += interval }
        return due
    }

    /// The frame of the tick that began at `started` was out (built, encoded and offered to
    /// every subscriber) at `finished`. When that took longer than the time left until the
    /// next tick, the ticks that would queue up behind it are dropped: the next one is due
    /// at the first tick time after `finished` plus as long again as this frame took, so
    /// the driver's loop spends at least as long answering requests as building frames.
    /// Time still advances (each frame is computed at its own time); nothing is queued.
    public mutating func tickFinished(started: Double, finished: Double) -> [Effect] {
        guard let due = tickDue, due <= finished else { return [] }
        let later = Self.nextTick(after: due, interval: tickInterval, later: finished + max(finished - started, 0))
        tickDue = later
        return [.scheduleTick(at: later)]
    }

    /// The tick scheduled last is due: moves everything to `now` and publishes the frame.
    public mutating func tick(at now: Double) -> [Effect] {
        guard let scheduled = tickDue else { return [] }
        return collecting { $0.ticking(at: now, scheduled: scheduled) }
    }

    private mutating func ticking(at now: Double, scheduled: Double) {
        tickDue = nil
        // Only grids' cells move: their clients alone are sent a frame.
        let moveMain = mainTicks
        mainTicks = false
        let wasAnimating = isAnimating
        let running = animation
        if let running {
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
        if let fade = fading, fade.isFinished(at: now) { fading = nil }
        advanceReveal(at: now)
        let movedGrids = tickGrids(at: now)
        keepTicking(at: now, after: scheduled)
        // The move's last frame (exactly on its target) still says which move it ends.
        if moveMain {
            publishFrame(nextComing: tickDue != nil, at: now, move: running?.record)
        } else {
            for client in movedGrids { emit(.publishGridFrame(to: client, nextComing: tickDue != nil)) }
        }
        if wasAnimating, !isAnimating { emit(.publishState) }
    }

    /// Cancels the running motion, if any, and says whether there was one. A deck edit in
    /// progress goes on.
    @discardableResult
    mutating func stopAnimation() -> Bool {
        guard animation != nil || fading != nil else { return false }
        animation = nil
        fading = nil
        if !isAnimating, !gridsMoving, tickDue != nil {
            tickDue = nil
            emit(.cancelTick)
        }
        return true
    }
}
