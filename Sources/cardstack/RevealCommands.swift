import ArgumentParser
import CardStackProtocol

// The circle reveal: a card opens through a circle growing from its centre until it
// covers the viewport, and closes by shrinking it back. Frames carry `reveal` meanwhile.

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the card at deck position ITEM with the circle reveal.",
        discussion: """
            The circle grows from the card's centre to the farthest viewport corner, over \
            animation.duration on animation.curve (or animation.spring), slowed by \
            animation.slowdown. The card must be on screen. Example: cardstack open 0
            """)

    @Argument(help: ArgumentHelp("The card's deck position (0-based, a frame's item).", valueName: "item"))
    var item: Int

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.open(item: item)) }
}

struct CloseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Close the open card: the circle reveal shrinks back to it.",
        discussion: "Nothing happens when no card is open. Example: cardstack close")

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.close) }
}
