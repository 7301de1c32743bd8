/// The zoom flow (seed article "当UICollectionView遇上动画", effect 3; docs/layouts.md §7): a
/// horizontal row of equal cards that shrink with their distance from the viewport centre.
///
/// Card `i` is centred at `x = W/2 + i·p - offset`, `y = H/2` (`p = spacing`, so
/// `offset = k·p` centres card `k`); with `d = |x - W/2|` its scale is
/// `1 - d / (W/2) · scale_step` (the article's 3/4 at half a viewport with 0.25), applied
/// about the anchor with no rotation or perspective; alpha 1. Cards nearer the centre draw
/// on top. Cards that do not overlap the viewport, or have shrunk to nothing, are dropped.
public struct ZoomFlowLayout: StyleLayout {
    public init() {}

    public func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement] {
        let p = parameters.layout.spacing
        let step = parameters.layout.scaleStep
        let card = parameters.card
        let view = parameters.viewport
        let s = offset / p
        let reach = (view.width / 2 + card.width) / p + Double(context.reach)
        guard
            let window = IndexWindow.indices(
                around: s, reach: reach, cards: parameters.layout.cards, wrap: parameters.layout.wrap)
        else { return [] }
        var out: [(card: CardPlacement, distance: Double)] = []
        for i in window {
            // A deck edit in progress lays the card out `shift` places from its own.
            let o = Double(i) - s + context.shift(of: IndexWindow.item(i, cards: parameters.layout.cards))
            let distance = abs(o * p)
            let scale = 1 - distance / (view.width / 2) * step
            let position = Point(
                view.width / 2 + o * p + (card.anchor[0] - 0.5) * card.width,
                view.height / 2 + (card.anchor[1] - 0.5) * card.height)
            guard scale > 0, overlapsViewport(position.x, scale, parameters) else { continue }
            let item = IndexWindow.item(i, cards: parameters.layout.cards)
            let placement = CardPlacement(
                index: i, item: item, title: card.title(of: item), ratio: o, position: position,
                size: (card.width, card.height), anchor: Point(card.anchor[0], card.anchor[1]),
                scale: scale, alpha: 1, z: 0, transform: .scale(scale, scale, 1))
            out.append((placement, distance))
        }
        // Farther first; equal distances (one card each side) in index order.
        out.sort { a, b in a.distance != b.distance ? a.distance > b.distance : a.card.index < b.card.index }
        return out.enumerated().map { rank, entry in
            var card = entry.card
            card.z = rank
            return card
        }
    }
}
