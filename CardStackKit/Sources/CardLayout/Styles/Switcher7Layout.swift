/// The iOS 7 task switcher (Yuzeyang/GCCardViewController, docs/layouts.md §4): a paging row
/// of cards, one page of `spacing` points each, the current card full size and its
/// neighbours shrunk by `scale_step` and dimmed by 0.2.
///
/// Card `i` is centred at `x = W/2 + (i - offset/spacing)·spacing`, `y = H/2`. With
/// `diff = offset - current·spacing` and `progress = |diff| / spacing`, the current card has
/// scale `1 - step·progress` and alpha `1 - 0.2·progress`; the neighbour it moves toward
/// (`current + 1` when `diff > 0`, else `current - 1`) has `1 - step + step·progress` and
/// `0.8 + 0.2·progress`; every other card `1 - step` and `0.8`. Transform `S(scale, scale, 1)`
/// about the anchor, no perspective; cards draw in index order.
///
/// The source's current card changes only after 80 % of a page (hysteresis): the daemon
/// keeps it (``ScrollMemory``) and passes it in the context; without it (the resting form,
/// `cardstack frame`) `current` is the nearest page. Untouched cards, which keep stale values
/// in the source, take the resting 0.9 / 0.8. Progress is capped at 1. Cards that do not
/// overlap the viewport are dropped (the source keeps four card views, which cover the same
/// cards).
public struct Switcher7Layout: StyleLayout {
    /// The source's opacity step (`1 - 0.2·progress`, `0.8 + 0.2·progress`).
    public static let opacityStep = 0.2

    public init() {}

    public func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement] {
        let d = parameters.layout.spacing
        let step = parameters.layout.scaleStep
        let card = parameters.card
        let view = parameters.viewport
        let s = offset / d
        let current = Self.currentIndex(position: s, context: context, parameters: parameters)
        let diff = offset - Double(current) * d
        let progress = min(abs(diff) / d, 1)
        let neighbour = diff > 0 ? current + 1 : current - 1
        let reach = (view.width / 2 + card.width) / d + Double(context.reach)
        guard
            let window = IndexWindow.indices(
                around: s, reach: reach, cards: parameters.layout.cards, wrap: parameters.layout.wrap)
        else { return [] }
        var out: [CardPlacement] = []
        for i in window {
            // A deck edit in progress lays the card out `shift` pages from its own.
            let o = Double(i) - s + context.shift(of: IndexWindow.item(i, cards: parameters.layout.cards))
            let (scale, alpha): (Double, Double) =
                i == current
                ? (1 - step * progress, 1 - Self.opacityStep * progress)
                : i == neighbour
                    ? (1 - step + step * progress, 1 - Self.opacityStep + Self.opacityStep * progress)
                    : (1 - step, 1 - Self.opacityStep)
            let position = Point(
                view.width / 2 + o * d + (card.anchor[0] - 0.5) * card.width,
                view.height / 2 + (card.anchor[1] - 0.5) * card.height)
            guard scale > 0, alpha > 0, overlapsViewport(position.x, scale, parameters) else { continue }
            let item = IndexWindow.item(i, cards: parameters.layout.cards)
            out.append(
                CardPlacement(
                    index: i, item: item, title: card.title(of: item), ratio: o, position: position,
                    size: (card.width, card.height), anchor: Point(card.anchor[0], card.anchor[1]),
                    scale: scale, alpha: alpha, z: out.count, transform: .scale(scale, scale, 1)))
        }
        return out
    }

    /// The virtual index of the current card: the context's card (its copy nearest the
    /// position when the deck wraps), else the nearest page.
    static func currentIndex(position s: Double, context: ScrollContext, parameters: Parameters) -> Int {
        let nearest = clampedInt(s.rounded(.toNearestOrAwayFromZero))
        let n = parameters.layout.cards
        guard let current = context.switcherCurrent, (0..<n).contains(current) else { return nearest }
        guard parameters.layout.wrap else { return current }
        return current + n * clampedInt(((s - Double(current)) / Double(n)).rounded())
    }
}

/// Whether a card whose anchor sits at `x`, scaled by `scale` about it, overlaps the
/// viewport horizontally.
func overlapsViewport(_ x: Double, _ scale: Double, _ parameters: Parameters) -> Bool {
    let w = parameters.card.width * scale
    let ax = parameters.card.anchor[0]
    return x + (1 - ax) * w > 0 && x - ax * w < parameters.viewport.width
}
