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

    @Argument(help: ArgumentHelp("The card's deck position (0-based).", valueName: "item"))
    var item: Int

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.edit(.remove(item: item))) }
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
