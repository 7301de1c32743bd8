/// A deck edit in progress: how far each card still is from its new place.
///
/// The daemon applies an edit at once (the new deck is in force, `get_state` counts it) and
/// then animates the picture from the old arrangement to the new one. During that time every
/// card of the new deck is laid out ``shift(of:)`` cards away from its new position: at
/// progress 0 exactly where it was in the old deck, relative to the front card, at 1 where it
/// now belongs. So the cards behind a removed card close up, the cards after an inserted card
/// make room for it while it fades in, and a moved card travels to its new place while the
/// cards it passes slide over by one.
///
/// A removed card leaves as the iOS 7 switcher's deleted card does: it flies up by the
/// viewport height and fades out (``leavingCard``).
public struct DeckTransition: Sendable, Equatable {
    public var edit: DeckEdit
    /// The front item before and after the edit.
    public var oldFront: Int, newFront: Int
    /// The deck size before and after the edit.
    public var oldCount: Int, newCount: Int
    public var wrap: Bool
    /// Elapsed fraction of the edit's duration, 0...1 (eased before use).
    public var progress: Double
    /// The removed card as it was drawn when it was removed (nil when it was not visible).
    public var leaving: CardPlacement?
    /// `animation.curve`: `decelerate` keeps iCarousel's ease-in-out cubic (``ease(_:)``).
    public var curve: TimingCurve = .decelerate

    public init(
        edit: DeckEdit, oldFront: Int, newFront: Int, oldCount: Int, newCount: Int, wrap: Bool,
        progress: Double = 0, leaving: CardPlacement? = nil
    ) {
        self.edit = edit
        self.oldFront = oldFront
        self.newFront = newFront
        self.oldCount = oldCount
        self.newCount = newCount
        self.wrap = wrap
        self.progress = progress
        self.leaving = leaving
    }

    /// iCarousel's ease-in-out cubic (`easeInOut`): `½(2x)³`, then `½(2x − 2)³ + 1`.
    public static func ease(_ x: Double) -> Double {
        let t = min(max(x, 0), 1)
        return t < 0.5 ? 0.5 * (2 * t) * (2 * t) * (2 * t) : 0.5 * (2 * t - 2) * (2 * t - 2) * (2 * t - 2) + 1
    }

    /// The eased progress, 0...1: ``ease(_:)`` or the curve's value.
    public var eased: Double {
        curve == .decelerate ? Self.ease(progress) : curve.value(at: progress)
    }

    /// How far the card now at deck position `item` is laid out from its new place, in cards
    /// (positive: farther along the deck). 0 once the edit is over.
    public func shift(of item: Int) -> Double {
        let remaining = 1 - eased
        guard remaining > 0, let old = edit.oldPosition(of: item) else { return 0 }
        // Its place relative to the front card, now and before the edit.
        var now = item - newFront
        if wrap { now = Self.nearest(now, modulo: newCount) }
        var delta = old - oldFront - now
        if wrap { delta = Self.nearest(delta, modulo: oldCount) }
        return Double(delta) * remaining
    }

    /// The largest distance any card near the front is shifted by (to widen layout windows).
    public var reach: Int {
        eased < 1 ? 1 : 0
    }

    /// The opacity factor of the card at `item`: an inserted card fades in.
    public func fade(of item: Int) -> Double {
        if case .insert(let at, _) = edit, item == at { return eased }
        return 1
    }

    /// The removed card flying up and fading out, or nil once it is gone.
    public func leavingCard(viewportHeight: Double) -> CardPlacement? {
        guard let card = leaving else { return nil }
        let e = eased
        guard e < 1 else { return nil }
        var position = card.position
        position.y -= viewportHeight * e
        return CardPlacement(
            index: card.index, item: card.item, title: card.title, ratio: card.ratio, position: position,
            size: card.size, anchor: card.anchor, scale: card.scale, alpha: card.alpha * (1 - e), z: card.z,
            transform: card.transform)
    }

    /// `x` moved by a multiple of `n` into `[-n/2, n/2)`.
    static func nearest(_ x: Int, modulo n: Int) -> Int {
        guard n > 0 else { return x }
        let half = n / 2
        return ((x + half) % n + n) % n - half
    }
}
