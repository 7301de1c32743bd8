import ArgumentParser
import CardStackProtocol

struct ScrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Move the shared scroll offset: by an amount at once, or --to a position.",
        discussion: "Positive amounts bring cards forward; k * spacing puts card k in front. Example: cardstack scroll 15")

    @Argument(help: ArgumentHelp("Points to scroll by.", valueName: "points"))
    var by: Double?

    @Option(name: .long, help: ArgumentHelp("Scroll to this offset instead.", valueName: "points"))
    var to: Double?

    @Flag(name: .long, help: "With --to: animate there instead of jumping.")
    var animated = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard (by == nil) != (to == nil) else { throw ValidationError("give either an amount (cardstack scroll 15) or --to OFFSET") }
        if animated, to == nil { throw ValidationError("--animated goes with --to") }
    }

    func run() throws {
        if let to {
            try connection.run(.scrollTo(offset: to, animated: animated))
        } else {
            try connection.run(.scroll(by: by ?? 0))
        }
    }
}

struct FlingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fling",
        abstract: "Fling the stack with a velocity in points per second; it decelerates onto a card.",
        discussion: "Example: cardstack fling 2000 (cardstack fling -- -2000 flings back).")

    @Argument(help: ArgumentHelp("Velocity in points per second.", valueName: "velocity"))
    var velocity: Double

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.fling(velocity: velocity)) }
}

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Animate forward by COUNT cards (default 1).")

    @Argument(help: "How many cards.")
    var count: Int = 1

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.next(count: count)) }
}

struct PrevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "prev", abstract: "Animate back by COUNT cards (default 1).")

    @Argument(help: "How many cards.")
    var count: Int = 1

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.prev(count: count)) }
}

struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snap", abstract: "Animate to the nearest snap point.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.snap) }
}
