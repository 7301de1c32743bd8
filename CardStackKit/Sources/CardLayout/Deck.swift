/// The deck: the titles of the items, in order. It starts as the parameter file's deck
/// (`layout.cards` items, item `k` titled ``Parameters/Card/title(of:)``) and changes only by
/// ``DeckEdit``s, each of which returns a new deck.
///
/// An unedited deck stores nothing but its size and the file's `card.titles`, so a deck of
/// a million cards costs nothing. The first edit writes the titles out (one string per
/// card), which is why edits are refused on decks larger than ``maximumEditableCards``.
///
/// ```swift
/// var deck = Deck(cards: 3, titles: [])          // "1", "2", "3"
/// deck = try deck.applying(.move(from: 0, to: 2)) // "2", "3", "1"
/// deck = try deck.applying(.remove(item: 1))      // "2", "1"
/// ```
public struct Deck: Sendable, Equatable {
    /// The largest deck that can be edited (before and after the edit).
    public static let maximumEditableCards = 100_000
    /// The longest title `insert` and the file accept, in characters.
    public static let maximumTitleLength = 200

    /// How many items the deck holds, at least 1.
    public private(set) var count: Int
    /// The parameter file's `card.titles`, used while the deck is unedited.
    private let baseTitles: [String]
    /// Every item's title, once the deck has been edited.
    private var edited: [String]?

    /// The starting deck of `cards` items labelled from `titles` (`card.titles` in the README's parameter table).
    public init(cards: Int, titles: [String]) {
        count = max(cards, 1)
        baseTitles = titles
        edited = nil
    }

    /// The starting deck of `parameters` (its `layout.cards` and `card.titles`).
    public init(_ parameters: Parameters) {
        self.init(cards: parameters.layout.cards, titles: parameters.card.titles)
    }

    /// Whether any edit has been applied since the deck started.
    public var isEdited: Bool { edited != nil }

    /// The title of item `item` (`0..<count`).
    public func title(of item: Int) -> String {
        if let edited { return edited[item] }
        return baseTitles.isEmpty ? String(item + 1) : baseTitles[item % baseTitles.count]
    }

    /// Every title in order (materialises the deck: use it on small decks only).
    public var titles: [String] { edited ?? (0..<count).map(title(of:)) }

    /// `parameters` with this deck in force: `layout.cards` is the deck's size and, once
    /// edited, `card.titles` holds exactly one title per item (so `title(of:)` indexes it).
    /// An unedited deck returns `parameters` unchanged.
    public func applied(to parameters: Parameters) -> Parameters {
        guard let edited else { return parameters }
        var p = parameters
        p.layout.cards = edited.count
        p.card.titles = edited
        return p
    }

    /// The deck after `edit`, or the reason it cannot be applied.
    public func applying(_ edit: DeckEdit) throws(DeckError) -> Deck {
        try edit.validate(against: self)
        var titles = self.titles
        switch edit {
        case .move(let from, let to):
            let title = titles.remove(at: from)
            titles.insert(title, at: to)
        case .remove(let item):
            titles.remove(at: item)
        case .insert(let at, let title):
            titles.insert(title, at: at)
        }
        var out = self
        out.edited = titles
        out.count = titles.count
        return out
    }
}

/// Why a deck edit was refused: a sentence that says what was wrong and what is allowed.
public struct DeckError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
