import CardLayout
import CardStackProtocol

extension Session {
    /// `open {"item"}`: grows the circle from `item`'s card centre until it covers the
    /// viewport, over `animation.duration` on `animation.curve` (or the spring).
    ///
    /// - Throws: `invalid_argument` when the item is not in the deck or not drawn.
    mutating func openReveal(item: Int, at now: Double) throws(WireError) -> CommandResult {
        guard (0..<deck.count).contains(item) else {
            throw WireError(
                .invalidArgument,
                "open: \"item\" is \(item), but the deck has \(deck.count) card\(deck.count == 1 ? "" : "s"): allowed is 0...\(deck.count - 1)"
            )
        }
        guard let center = Reveal.center(of: item, in: frame) else {
            let drawn = Set(frame.cards.filter { $0.quad != nil }.map(\.item)).sorted()
            throw WireError(
                .invalidArgument,
                "open: item \(item) is not on screen; open a card that is drawn (now: \(drawn.map(String.init).joined(separator: ", ")); the front card is \(frame.front))"
            )
        }
        var running = reveal ?? SessionReveal(item: item, center: center, scale: 1, progress: 0, start: now)
        running.item = item
        running.center = center
        startReveal(running, toward: 1, at: now)
        return .empty
    }

    /// `close`: shrinks the circle back to its card; nothing to do when it is closed.
    mutating func closeReveal(at now: Double) {
        guard let running = reveal, !running.closing else { return }
        startReveal(running, toward: 0, at: now)
    }

    private mutating func startReveal(_ running: SessionReveal, toward target: Double, at now: Double) {
        var running = running
        let wasBusy = isAnimating
        let settings = deckParameters.animation
        running.scale = Reveal.coveringRadius(
            from: running.center, width: frame.viewport.width, height: frame.viewport.height)
        running.scale = max(running.scale, 1)
        running.start = now
        running.motion = Motion(
            from: running.progress * running.scale, to: target * running.scale, duration: settings.duration,
            animation: settings)
        reveal = running
        if !wasBusy { emit(.publishState) }
        publishFrame(nextComing: true, at: now)
        keepTicking(at: now)
    }

    /// Moves the reveal to `time`; a closed reveal disappears.
    mutating func advanceReveal(at time: Double) {
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
    mutating func settleReveal() {
        guard let running = reveal, let motion = running.motion else { return }
        advanceReveal(at: running.start + .infinity)
        if motion.to == 0 { reveal = nil }
    }

    /// The FRAME's `reveal` for the frame just computed, following the item's card.
    mutating func revealInFrame() -> Reveal? {
        guard var running = reveal else { return nil }
        if let center = Reveal.center(of: running.item, in: frame) {
            running.center = center
            reveal = running
        }
        return Reveal.at(item: running.item, center: running.center, progress: running.progress, in: frame)
    }
}
