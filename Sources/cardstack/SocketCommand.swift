import ArgumentParser
import CardStackProtocol
import CardStackSystem

struct SocketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "socket",
        abstract: "Print the path of the daemon's socket, found as every other command finds it.",
        discussion: """
            The path comes from --socket, else $CARDSTACK_SOCKET, else \
            $XDG_RUNTIME_DIR/cardstack/cardstackd.sock, else /tmp/cardstack-$UID/cardstackd.sock \
            (cardstackd uses the same rules). When neither --socket nor $CARDSTACK_SOCKET chose \
            and no socket file is at that per-user path, a client uses the system service's \
            socket, /run/cardstack/cardstackd.sock, if there is one (cardstackd never does). \
            Nothing is contacted: the path is printed whether a daemon listens there or not.

            The socket's directory must be yours alone (0700), or root's and writable by no one \
            else; every command refuses any other, and --why says so.

            Example: echo '{"cmd":"get_state"}' | socat - UNIX-CONNECT:"$(cardstack socket)"
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("A socket path to print as is.", valueName: "path"))
    var socket: String?

    @Flag(name: .long, help: "Also say which rule chose the path, and whether its directory may be trusted.")
    var why = false

    func run() throws {
        let resolved = SocketPath.resolveForClient(option: socket)
        try StandardOutput.writeEscaped(why ? resolved.description : resolved.path)
        if why, let problem = SocketDirectory.problem(forSocket: resolved.path) {
            try StandardOutput.writeEscaped("refused: \(problem)")
        }
    }
}
