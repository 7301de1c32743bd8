/// One change to a ``Deck``, with 0-based item positions (the `item` of a FRAME card).
///
/// - `move`: drag-to-reorder (the seed article's effect 1): the item at `from` is taken out
///   and put back so that it ends at `to`; the items between close up.
/// - `remove`: the iOS 7 switcher's swipe-to-delete; a deck keeps at least one item.
/// - `insert`: iCarousel's `insertItemAtIndex:animated:`; `at == count` appends.
public enum DeckEdit: Sendable, Equatable {
    case move(from: Int, to: Int)
    case remove(item: Int)
    case insert(at: Int, title: String)

    /// The command name on the wire.
    public var name: String {
        switch self {
        case .move: "move"
        case .remove: "remove"
        case .insert: "insert"
        }
    }

    /// How long the edit animates, in seconds: iCarousel's `INSERT_DURATION` (0.4 s) for an
    /// insert, the iOS 7 switcher's 0.3 s fly-away for a remove, and cardstack's step
    /// animation (``Motion/stepDuration``, 0.3 s) for a move.
    public var duration: Double {
        switch self {
        case .insert: 0.4
        case .remove: 0.3
        case .move: Motion.stepDuration
        }
    }

    /// Checks the edit against `deck`; the error names the allowed range.
    func validate(against deck: Deck) throws(DeckError) {
        let n = deck.count
        let limit = Deck.maximumEditableCards
        guard n <= limit else {
            throw DeckError(
                "\(name): decks of more than \(limit) cards cannot be edited (this one has \(n); "
                    + "lower layout.cards to edit it)")
        }
        func check(_ key: String, _ value: Int, _ range: ClosedRange<Int>) throws(DeckError) {
            guard range.contains(value) else {
                throw DeckError(
                    "\(name): \"\(key)\" is \(value), but the deck has \(n) card\(n == 1 ? "" : "s"): "
                        + "allowed is \(range.lowerBound)...\(range.upperBound)")
            }
        }
        switch self {
        case .move(let from, let to):
            try check("from", from, 0...(n - 1))
            try check("to", to, 0...(n - 1))
        case .remove(let item):
            guard n > 1 else {
                throw DeckError("remove: the deck has only one card left, and a deck keeps at least one")
            }
            try check("item", item, 0...(n - 1))
        case .insert(let at, let title):
            guard n < limit else {
                throw DeckError("insert: the deck already has \(n) cards, the most an edited deck can hold is \(limit)")
            }
            try check("at", at, 0...n)
            guard !title.isEmpty else {
                throw DeckError("insert: \"title\" must be 1 to \(Deck.maximumTitleLength) characters, got 0")
            }
            if let problem = Deck.titleProblem(title) { throw DeckError("insert: \"title\" \(problem)") }
        }
    }

    /// Where the item at `old` position ends up, or nil for the removed item.
    public func newPosition(of old: Int) -> Int? {
        switch self {
        case .move(let from, let to):
            if old == from { return to }
            if from < to, old > from, old <= to { return old - 1 }
            if to < from, old >= to, old < from { return old + 1 }
            return old
        case .remove(let item):
            return old == item ? nil : (old > item ? old - 1 : old)
        case .insert(let at, _):
            return old >= at ? old + 1 : old
        }
    }

    /// Where the item now at `new` position was before, or nil for the inserted item.
    public func oldPosition(of new: Int) -> Int? {
        switch self {
        case .move(let from, let to):
            if new == to { return from }
            if from < to, new >= from, new < to { return new + 1 }
            if to < from, new > to, new <= from { return new - 1 }
            return new
        case .remove(let item):
            return new >= item ? new + 1 : new
        case .insert(let at, _):
            return new == at ? nil : (new > at ? new - 1 : new)
        }
    }

    /// The new front item for a deck whose front item was `front`: the same card whenever it
    /// is still there (edits behind or before it leave it in front); when the front card
    /// itself is removed, the card after it (at the end of a deck that does not wrap, the
    /// card before it).
    public func newFront(_ front: Int, newCount: Int, wrap: Bool) -> Int {
        if let moved = newPosition(of: front) { return moved }
        return wrap ? front % newCount : min(front, newCount - 1)
    }
}
