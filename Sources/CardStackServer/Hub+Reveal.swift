import CardLayout
import CardStackProtocol

/// The circle reveal in the daemon: which item, where its circle is centred, and the motion
/// of its radius (in points, so a spring settles within 0.001 pt like every move).
struct RunningReveal {
    var item: Int
    /// The item's card centre, kept from the last frame that drew the card.
    var center: Point
    /// The covering radius when the move started: the motion's unit for progress 1.
    var scale: Double
    /// Progress now: 0 closed, 1 open.
    var progress: Double
    /// The move in progress (nil while it rests open) and when it started (hub clock).
    var motion: Motion?
    var start: Double

    /// Whether the move in progress closes it.
    var closing: Bool { motion.map { $0.to == 0 } ?? false }
}

extension Hub {
    /// `open {"item"}`: grows the circle from `item`'s card centre until it covers the
    /// viewport, over `animation.duration` on `animation.curve` (or the spring).
    ///
    /// - Throws: `invalid_argument` when the item is not in the deck or not drawn.
    func openReveal(item: Int, reply: (CommandResult) -> Void) throws(WireError) {
        guard (0..<deck.count).contains(item) else {
            throw WireError(.invalidArgument, "open: \"item\" is \(item), but the deck has \(deck.count) card\(deck.count == 1 ? "" : "s"): allowed is 0...\(deck.count - 1)")
        }
        guard let center = Reveal.center(of: item, in: frame) else {
            let drawn = Set(frame.cards.filter { $0.quad != nil }.map(\.item)).sorted()
            throw WireError(
                .invalidArgument,
                "open: item \(item) is not on screen; open a card that is drawn (now: \(drawn.map(String.init).joined(separator: ", ")); the front card is \(frame.front))")
        }
        var running = reveal ?? RunningReveal(item: item, center: center, scale: 1, progress: 0, start: clock)
        running.item = item
        running.center = center
        reply(.empty)
        startReveal(running, toward: 1)
    }

    /// `close`: shrinks the circle back to its card; nothing to do when it is closed.
    func closeReveal(reply: (CommandResult) -> Void) {
        reply(.empty)
        guard let running = reveal, !running.closing else { return }
        startReveal(running, toward: 0)
    }

    private func startReveal(_ running: RunningReveal, toward target: Double) {
        var running = running
        let wasBusy = isAnimating
        let now = clock
        let settings = parameters.animation
        running.scale = Reveal.coveringRadius(from: running.center, width: frame.viewport.width, height: frame.viewport.height)
        running.scale = max(running.scale, 1)
        running.start = now
        running.motion = Motion(
            from: running.progress * running.scale, to: target * running.scale, duration: settings.duration,
            animation: settings)
        reveal = running
        if !wasBusy { broadcast(.state(state), to: .state) }
        publishFrame(nextComing: true, at: now)
        keepTicking()
    }

    /// Moves the reveal to `time`; a closed reveal disappears.
    func advanceReveal(at time: Double) {
        guard var running = reveal, let motion = running.motion else { return }
        let elapsed = time - running.start
        running.progress = motion.position(at: elapsed) / running.scale
        if motion.isFinished(at: elapsed) {
            running.motion = nil
            running.progress = motion.to / running.scale
            if motion.to == 0 {
                reveal = nil
                return
            }
        }
        reveal = running
    }

    /// New parameters: a reveal in motion jumps to where it was going.
    func settleReveal() {
        guard let running = reveal, let motion = running.motion else { return }
        advanceReveal(at: running.start + .infinity)
        if motion.to == 0 { reveal = nil }
    }

    /// The FRAME's `reveal` for the frame just computed, following the item's card.
    func revealInFrame() -> Reveal? {
        guard var running = reveal else { return nil }
        if let center = Reveal.center(of: running.item, in: frame) {
            running.center = center
            reveal = running
        }
        return Reveal.at(item: running.item, center: running.center, progress: running.progress, in: frame)
    }
}
