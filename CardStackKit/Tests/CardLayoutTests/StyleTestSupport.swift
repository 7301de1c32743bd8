@testable import CardLayout

/// Parameters for `style` with the style's own defaults (wrap, anchor), as the schema
/// resolves them, then `change` applied.
func parameters(_ style: Style, _ change: (inout Parameters) -> Void = { _ in }) -> Parameters {
    var p = Parameters()
    p.layout.style = style
    p.layout.wrap = style.defaultWrap
    p.card.anchor = style.defaultAnchor
    change(&p)
    return p
}

/// The frame's cards at `offset`.
func cards(_ p: Parameters, _ offset: Double) -> [CardPlacement] {
    Layout.frame(p, offset: offset).cards
}

/// `a` and `b` agree to within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Where the anchor point lands on screen.
func anchorOnScreen(_ card: CardPlacement) -> Point? {
    card.transform.project(x: 0, y: 0).map { Point(card.position.x + $0.x, card.position.y + $0.y) }
}

/// The card with virtual index `index`.
func card(_ index: Int, in cards: [CardPlacement]) -> CardPlacement? {
    cards.first { $0.index == index }
}
