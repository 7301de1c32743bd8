import CardLayout

/// Reduce Motion's dissolve (`reduced.crossfade`, docs/parameters.md, "Reduce Motion"): with
/// `animation.reduce_motion` on and a cross-fade longer than 0, `next` and `prev` do not move
/// the deck; the offset is on its target at once and the frames dissolve from the cards
/// drawn before to the cards at rest there (``Crossfade``), over the cross-fade's seconds
/// times the slowdown, eased in and out as UIKit's `transitionCrossDissolve` is by default.
extension Session {
    /// A dissolve running: the cards it fades out and when it started.
    struct RunningFade: Sendable {
        var before: [CardPlacement]
        var start: Double
        /// Seconds, slowdown included.
        var duration: Double

        /// The progress at `now`, eased in and out, 0...1.
        func progress(at now: Double) -> Double {
            duration > 0 ? TimingCurve.easeInOut.value(at: (now - start) / duration) : 1
        }

        func isFinished(at now: Double) -> Bool { now - start >= duration }

        /// The cards drawn at `now`, over the cards at rest on the target.
        func cards(over after: [CardPlacement], at now: Double) -> [CardPlacement] {
            Crossfade.cards(from: before, to: after, progress: progress(at: now))
        }
    }

    /// The dissolve's length, slowdown included, when a step dissolves: nil when Reduce
    /// Motion is off or the cross-fade is 0.
    var crossfadeDuration: Double? {
        let p = deckParameters
        guard p.animation.reduceMotion, p.reduced.crossfade > 0 else { return nil }
        return p.reduced.crossfade * p.animation.slowdown
    }

    /// Puts the offset on `end` at once and dissolves the frames from the cards drawn now to
    /// those at rest there.
    mutating func crossfade(to end: Double, at now: Double) {
        guard let duration = crossfadeDuration else { return }
        let wasBusy = isAnimating
        let before = frame.cards
        stopAnimation()
        let landed = Layout.normalize(end, deckParameters)
        guard landed != offset else {
            if wasBusy, !isAnimating { emit(.publishState) }
            return
        }
        offset = landed
        memory.observe(offset: offset, at: now, velocity: 0, animating: false, parameters: deckParameters)
        fading = RunningFade(before: before, start: now, duration: duration)
        if !wasBusy { emit(.publishState) }
        publishFrame(nextComing: true, at: now)
        keepTicking(at: now)
    }
}
