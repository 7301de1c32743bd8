import ArgumentParser
import CardStackParams
import CardStackProtocol

@main
struct Cardstack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardstack",
        abstract: "Look at, script and compute cardstack frames.",
        discussion: """
            cardstack talks to the cardstackd daemon over its Unix socket, except `frame`, which \
            computes a frame locally from a parameter file with no daemon at all.
            """,
        version: CardstackVersion.string,
        subcommands: [
            ViewCommand.self, GetCommand.self, SetCommand.self, ScrollCommand.self, FlingCommand.self, NextCommand.self,
            PrevCommand.self, SnapCommand.self, MoveCardCommand.self, RemoveCardCommand.self, InsertCardCommand.self,
            WatchCommand.self, SnapshotCommand.self, FrameCommand.self, SocketCommand.self,
            ExportCommand.self, SaveCommand.self, HistoryCommand.self, UndoCommand.self, RedoCommand.self,
            PresetCommand.self,
            OpenCommand.self, CloseCommand.self, RecordCommand.self, RenderCommand.self, PlotCommand.self,
            FitCommand.self,
            VerifyCommand.self, DiffCommand.self,
            WebCommand.self, SchemaCommand.self, CheckCommand.self,
        ]
    )

    /// Names a mistyped subcommand as such (`unknown command 'veiw' (did you mean view?)`)
    /// instead of the parser's "unexpected argument".
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let get = GetCommand.quick(arguments) {
            do {
                try ConnectionOptions.run(get.command, socket: get.socket, timeout: get.timeout, pretty: get.pretty)
                Self.exit()
            } catch {
                Self.exit(withError: error)
            }
        }
        if let first = arguments.first, let message = unknownCommand(first) {
            printError("cardstack: \(message)")
            Self.exit(withError: ExitCode(64))
        }
        await main(nil)
    }

    /// What to say when `word` (the first argument) is no command, or nil when it is one.
    static func unknownCommand(_ word: String) -> String? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
        let hint = ParamsSchema.nearest(to: word, among: names).map { " (did you mean \($0)?)" } ?? ""
        return
            "unknown command '\(word)'\(hint); the commands are \(names.dropLast().joined(separator: ", ")) (cardstack help COMMAND)"
    }
}

enum CardstackVersion {
    static let string = WireProtocol.programVersion
}
