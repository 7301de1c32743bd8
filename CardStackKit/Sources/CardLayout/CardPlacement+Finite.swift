extension CardPlacement {
    /// Whether every number of the card can be written as JSON (no NaN or infinity), the
    /// quad aside.
    var isFinite: Bool {
        ratio.isFinite && position.x.isFinite && position.y.isFinite && size.width.isFinite
            && size.height.isFinite && anchor.x.isFinite && anchor.y.isFinite && scale.isFinite && alpha.isFinite
            && transform.isFinite
    }

    /// The card as a frame may carry it: `nil` when a number is not finite (it cannot be
    /// drawn), and a quad with a corner that is not finite becomes `nil`, as for a corner
    /// behind the eye.
    var finite: CardPlacement? {
        guard isFinite else { return nil }
        guard let quad, !quad.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return self }
        var card = self
        card.quad = nil
        return card
    }
}
