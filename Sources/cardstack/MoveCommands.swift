import ArgumentParser
import CardStackProtocol

struct ScrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Move the shared scroll offset: by an amount at once, or --to a position.",
        usage: """
            cardstack scroll <points> [--socket <path>] [--timeout <seconds>]
            cardstack scroll --to <points> [--animated] [--socket <path>] [--timeout <seconds>]
            """,
        discussion: """
            Positive amounts bring cards forward, negative ones take them back; k * spacing puts \
            card k in front. Examples: cardstack scroll 15, cardstack scroll -15, \
            cardstack scroll --to -30 --animated
            """)

    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Points to scroll by (negative: back).", valueName: "points"))
    var amount: [String] = []

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Scroll to this offset instead (may be negative).", valueName: "points"))
    var to: Double?

    /// The amount to scroll by, when one was given.
    var by: Double? { try? SignedNumber.parse(amount, name: "amount", example: "cardstack scroll -15") }

    @Flag(name: .long, help: "With --to: animate there instead of jumping.")
    var animated = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        let by = try SignedNumber.parse(amount, name: "amount", example: "cardstack scroll -15")
        guard (by == nil) != (to == nil) else {
            throw ValidationError("give either an amount (cardstack scroll 15) or --to OFFSET")
        }
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
        usage: "cardstack fling <velocity> [--socket <path>] [--timeout <seconds>]",
        discussion: "Positive velocities bring cards forward. Examples: cardstack fling 2000, cardstack fling -2000")

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Velocity in points per second (negative: back).", valueName: "velocity"))
    var input: [String] = []

    @OptionGroup var connection: ConnectionOptions

    func velocity() throws -> Double {
        guard let value = try SignedNumber.parse(input, name: "velocity", example: "cardstack fling -2000") else {
            throw ValidationError("give a velocity in points per second, e.g. cardstack fling 2000")
        }
        return value
    }

    func validate() throws { _ = try velocity() }

    func run() throws { try connection.run(.fling(velocity: try velocity())) }
}

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next", abstract: "Animate forward by COUNT cards (default 1).")

    @Argument(help: "How many cards.")
    var count: Int = 1

    @OptionGroup var connection: ConnectionOptions

    func run() throws { try connection.run(.next(count: count)) }
}

struct PrevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prev", abstract: "Animate back by COUNT cards (default 1).")

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
