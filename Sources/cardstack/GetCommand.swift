import ArgumentParser
import CardStackProtocol

struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the daemon's parameters, current frame or state as JSON.",
        discussion: """
            params: every resolved parameter, the revision, where they came from and the last \
            reload error. frame: the current FRAME. state: offset, front card, animating, \
            clients, revision, frames sent and uptime.
            """)

    enum What: String, ExpressibleByArgument, CaseIterable {
        case params, frame, state
    }

    @Argument(help: "params, frame or state.")
    var what: What

    @Flag(name: .long, help: "Indent the JSON for reading.")
    var pretty = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(what.command, pretty: pretty)
    }

    /// `get params|frame|state [--pretty] [--socket PATH] [--timeout SECONDS]`, read without
    /// the argument parser: scripts call it in loops, and the parser's first look at a
    /// command's properties costs about 4 ms of the process's start-up (it looks every type
    /// up among all of the binary's protocol conformances). Anything else, or anything in
    /// doubt, is nil and goes through the parser, which also says what is wrong.
    static func quick(_ arguments: [String]) -> (command: Command, socket: String?, timeout: Double, pretty: Bool)? {
        guard arguments.count >= 2, arguments[0] == "get", let what = What(rawValue: arguments[1]) else { return nil }
        var socket: String?
        var timeout: Double?
        var pretty = false
        var rest = arguments[2...]
        while let word = rest.popFirst() {
            switch word {
            case "--pretty" where !pretty: pretty = true
            case "--socket", "-s":
                guard socket == nil, let path = rest.popFirst(), !path.isEmpty, !path.hasPrefix("-") else { return nil }
                socket = path
            case "--timeout":
                guard timeout == nil, let text = rest.popFirst(), let seconds = Double(text), seconds.isFinite,
                    seconds >= 0
                else { return nil }
                timeout = seconds
            default: return nil
            }
        }
        return (what.command, socket, timeout ?? 5, pretty)
    }
}

extension GetCommand.What {
    var command: Command {
        switch self {
        case .params: .getParams
        case .frame: .getFrame
        case .state: .getState
        }
    }
}
