import CardLayout

/// Hand-made frames for the drawing tests: quads given directly, as the daemon sends them.
enum Fixtures {
    /// A card whose projected outline is `quad` (viewport points).
    static func card(_ item: Int, _ quad: [(Double, Double)], alpha: Double = 1, title: String? = nil) -> CardPlacement
    {
        var card = CardPlacement(
            index: item, item: item, title: title ?? String(item + 1), ratio: 1, position: Point(0, 0),
            size: (10, 10), anchor: Point(0.5, 0.5), scale: 1, alpha: alpha, z: item, transform: .identity)
        card.quad = quad.map { Point($0.0, $0.1) }
        return card
    }

    /// A 20 x 10 point viewport with a rectangle behind a trapezoid (a card tilting away).
    static let twoCards = Frame(
        offset: 0, front: 1, style: .stack, viewport: (20, 10),
        cards: [
            card(0, [(2, 1), (10, 1), (10, 7), (2, 7)]),
            card(1, [(8, 3), (16, 3), (18, 9.5), (6, 9.5)]),
        ])
}
