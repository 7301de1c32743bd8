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
        let command: Command =
            switch what {
            case .params: .getParams
            case .frame: .getFrame
            case .state: .getState
            }
        try connection.run(command, pretty: pretty)
    }
}
