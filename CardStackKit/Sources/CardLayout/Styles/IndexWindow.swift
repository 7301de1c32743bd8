/// The virtual card indices within `reach` cards of a scroll position, for the styles
/// that lay cards out in points: kept inside the deck without wrap, and at most
/// ``StackLayout/maximumCards`` of them (the nearest), so the cost never follows the deck size.
enum IndexWindow {
    /// Indices `i` with `|i - position| <= reach`.
    ///
    /// - Parameters:
    ///   - position: the scroll position in cards (`offset / spacing`).
    ///   - reach: how far from it, in cards, a card can still be visible.
    ///   - cards: the deck size.
    ///   - wrap: whether indices may leave `0..<cards` (the item is `index mod cards`).
    static func indices(around position: Double, reach: Double, cards: Int, wrap: Bool) -> ClosedRange<Int>? {
        var first = clampedInt((position - reach).rounded(.up))
        var last = clampedInt((position + reach).rounded(.down))
        if !wrap {
            first = max(first, 0)
            last = min(last, cards - 1)
        }
        guard first <= last else { return nil }
        let cap = StackLayout.maximumCards
        if last - first >= cap {
            let centre = min(max(clampedInt(position.rounded()), first), last)
            first = max(first, centre - cap / 2)
            last = min(last, first + cap - 1)
        }
        return first...last
    }

    /// `index mod cards`, never negative.
    static func item(_ index: Int, cards: Int) -> Int {
        ((index % cards) + cards) % cards
    }
}
