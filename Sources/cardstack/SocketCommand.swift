import ArgumentParser
import CardStackProtocol

struct SocketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "socket",
        abstract: "Print the path of the daemon's socket, found as every other command finds it.",
        discussion: """
            The path comes from --socket, else $CARDSTACK_SOCKET, else \
            $XDG_RUNTIME_DIR/cardstack/cardstackd.sock, else /tmp/cardstack-$UID/cardstackd.sock \
            (cardstackd uses the same rules). Nothing is contacted: the path is printed whether a \
            daemon listens there or not.

            Example: echo '{"cmd":"get_state"}' | socat - UNIX-CONNECT:"$(cardstack socket)"
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("A socket path to print as is.", valueName: "path"))
    var socket: String?

    @Flag(name: .long, help: "Also say which rule chose the path.")
    var why = false

    func run() {
        let resolved = SocketPath.resolve(option: socket)
        print(why ? resolved.description : resolved.path)
    }
}
