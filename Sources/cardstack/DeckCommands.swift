import ArgumentParser
import CardStackProtocol

// Deck edits (`move`, `remove`, `insert`): positions are 0-based deck items, as in a
// frame's `item`. The daemon checks them against the deck and says the allowed range.

struct MoveCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move the card at deck position FROM so that it ends at TO (drag-to-reorder).",
        discussion: "Positions are 0-based, like a frame's item. Example: cardstack move 0 3")

    @Argument(help: ArgumentHelp("The card's deck position now.", valueName: "from"))
    var from: Int

    @Argument(help: ArgumentHelp("Its deck position afterwards.", valueName: "to"))
    var to: Int

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.edit(.move(from: from, to: to))) }
}

struct RemoveCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove the card at deck position ITEM (the iOS 7 switcher's swipe-to-delete).",
        discussion: "The deck keeps at least one card. Example: cardstack remove 2")

    // Collected unparsed, so `remove -1` reaches validate() rather than reading as an option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The card's deck position (0-based).", valueName: "item"))
    var inputs: [String] = []

    @OptionGroup var connection: ConnectionOptions

    func validate() throws { _ = try item() }

    func run() throws { try connection.run(.edit(.remove(item: item()))) }

    /// The one deck position typed: a whole number, 0 or more.
    func item() throws -> Int {
        guard inputs.count == 1, let typed = inputs.first else {
            throw ValidationError(
                inputs.isEmpty
                    ? "which card? give its deck position, e.g. cardstack remove 2"
                    : "expected one deck position, got \(inputs.joined(separator: " ")) (e.g. cardstack remove 2)")
        }
        guard let item = Int(typed) else {
            throw ValidationError(
                "\(typed): \(typed.hasPrefix("-") ? "unknown option or not a whole number" : "not a whole number"); the item is a deck position, e.g. cardstack remove 2"
            )
        }
        guard item >= 0 else {
            throw ValidationError(
                "item must be ≥ 0, got \(item): deck positions count from 0 (the front card of an unscrolled deck)")
        }
        return item
    }
}

struct InsertCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insert",
        abstract: "Insert a card titled TITLE at deck position AT (AT = the deck size appends).",
        discussion: "Example: cardstack insert 0 \"New card\"")

    @Argument(help: ArgumentHelp("Its deck position (0-based).", valueName: "at"))
    var at: Int

    @Argument(help: ArgumentHelp("Its title (1 to 200 characters, at most 256 bytes).", valueName: "title"))
    var title: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.edit(.insert(at: at, title: title))) }
}
