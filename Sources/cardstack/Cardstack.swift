import ArgumentParser

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
            WatchCommand.self, SnapshotCommand.self, FrameCommand.self, WebCommand.self,
        ]
    )
}

enum CardstackVersion {
    static let string = "0.1.0"
}
