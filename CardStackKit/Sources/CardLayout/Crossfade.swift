/// Reduce Motion's dissolve (`reduced.crossfade`): in place of a step's move, the deck at
/// rest before fades out while the deck at rest after fades in, in place, as iOS
/// cross-dissolves where it would slide when `UIAccessibility.isReduceMotionEnabled` is true
/// (docs/parameters.md, "Reduce Motion").
///
/// A pure function of the two frames' cards and the progress: nothing moves, only the
/// alphas change. At progress `p` (0...1) a card of `before` has its alpha times `1 − p`, a
/// card of `after` its alpha times `p`; a card the two frames place identically (same
/// index, transform and position) is drawn once at its own alpha, so what does not change
/// does not flicker. The fading-out cards are drawn behind the fading-in ones.
///
/// ```swift
/// let before = Layout.frame(p, offset: 0).cards
/// let after = Layout.frame(p, offset: p.layout.spacing).cards
/// let halfway = Crossfade.cards(from: before, to: after, progress: 0.5)
/// ```
public enum Crossfade {
    /// Each card's alpha factor at `progress`: `(before: 1 − p, after: p)`, with `p` held in [0, 1].
    public static func factors(progress: Double) -> (before: Double, after: Double) {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        return (1 - p, p)
    }

    /// The cards drawn at `progress`, back to front: `before`'s (those `after` does not place
    /// the same) fading out, then `after`'s fading in. `after`'s cards keep their `z`; the
    /// fading-out ones are numbered below them, so `z` still increases along the frame. A frame
    /// still holds at most ``StackLayout/maximumCards``: past that the old deck's farthest
    /// cards are left out.
    public static func cards(
        from before: [CardPlacement], to after: [CardPlacement], progress: Double
    ) -> [CardPlacement] {
        let (out, into) = factors(progress: progress)
        var fading: [CardPlacement] = []
        for card in before where !after.contains(where: { Self.same($0, card) }) {
            var faded = card
            faded.alpha = card.alpha * out
            if faded.alpha > 0 { fading.append(faded) }
        }
        var coming: [CardPlacement] = []
        for card in after {
            var faded = card
            let unchanged = before.contains { Self.same($0, card) }
            faded.alpha = unchanged ? card.alpha : card.alpha * into
            if faded.alpha > 0 { coming.append(faded) }
        }
        fading = Array(fading.suffix(max(StackLayout.maximumCards - coming.count, 0)))
        if let lowest = coming.first?.z {
            for k in fading.indices { fading[k].z = lowest - fading.count + k }
        }
        return fading + coming
    }

    /// Whether two placements draw the same card the same way.
    static func same(_ a: CardPlacement, _ b: CardPlacement) -> Bool {
        a.index == b.index && a.item == b.item && a.transform == b.transform && a.position == b.position
            && a.alpha == b.alpha && a.size == b.size
    }
}
