import ArgumentParser
import CardStackFiles
import CardStackProtocol
import CardStackServer
import CardStackSystem
import Logging

#if canImport(Glibc)
    import Glibc
#endif

struct CardstackdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardstackd",
        abstract: "Serve live card-stack layouts: watch a parameter file, stream frames over a Unix socket.",
        discussion: """
            cardstackd loads the TOML parameter file, recomputes the layout on every save (any \
            editor, sed -i, cp, symlink swaps) and on every scroll command, and streams frames as \
            JSON lines to subscribed clients. A file that does not validate keeps the last good \
            parameters in force and is reported to clients (config_error) and the log.

            Socket: --socket, else $CARDSTACK_SOCKET, else $XDG_RUNTIME_DIR/cardstack/cardstackd.sock, \
            else /tmp/cardstack-$UID/cardstackd.sock; a socket passed by systemd (LISTEN_FDS) wins.
            `cardstack socket` prints the path in use. Try it: \
            echo '{"cmd":"get_state"}' | socat - UNIX-CONNECT:"$(cardstack socket)"

            Signals: SIGHUP reloads the file now; SIGTERM or SIGINT says bye to every client and \
            exits 0. Under systemd (Type=notify) it reports READY, RELOADING, STATUS and WATCHDOG.
            """,
        version: WireProtocol.programVersion
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The parameter file (TOML) to load and watch.", valueName: "file"))
    var config: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The Unix socket to listen on.", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("The socket file's mode, in octal.", valueName: "mode"))
    var socketMode: String = "0600"

    @Option(name: .long, help: ArgumentHelp("Also accept clients of this uid (repeatable).", valueName: "uid"))
    var allowUID: [UInt32] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also accept clients in this group, by name or number: their primary group or a supplementary one (repeatable). The system service passes --allow-gid cardstack.",
            valueName: "group"))
    var allowGID: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: String = "info"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "auto, inotify or poll. auto also looks at the file every 100 ms when it is on a file system whose saves inotify may not see (virtiofs, 9p, FUSE, NFS, SMB: a VM's or container's share); poll always does.",
            valueName: "mode"))
    var watch: String = "auto"

    func validate() throws {
        guard UInt32(socketMode, radix: 8).map({ $0 <= 0o777 }) == true else {
            throw ValidationError("--socket-mode must be an octal mode such as 0600 or 0660, got \(socketMode)")
        }
        for group in allowGID where Self.groupID(group) == nil {
            throw ValidationError("--allow-gid \(group): no such group (give a group name from /etc/group or a number)")
        }
        guard WatchRequest(rawValue: watch) != nil else {
            throw ValidationError("--watch must be auto, inotify or poll, got \(watch)")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() async throws {
        let environment = currentEnvironment()
        let journald = environment["JOURNAL_STREAM"] != nil
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = LineLogHandler(label: label, journald: journald)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "cardstackd")

        let configPath: String
        if let config {
            configPath = config
        } else {
            let candidates = Self.defaultConfigPaths(environment)
            guard let found = candidates.first(where: { access($0, F_OK) == 0 }) else {
                logger.critical(
                    "no parameter file found; looked in \(candidates.joined(separator: ", ")). \(ConfigFileCheck.copyHint(to: candidates[0]))"
                )
                throw ExitCode(1)
            }
            configPath = found
        }
        if let problem = ConfigFileCheck.problem(configPath) {
            logger.critical("\(problem)")
            throw ExitCode(1)
        }
        let socketPath = SocketPath.resolve(option: socket, environment: environment)
        var server = ServerConfiguration(socketPath: socketPath.path, version: Self.configuration.version)
        server.socketMode = UInt32(socketMode, radix: 8) ?? 0o600
        server.allowedUIDs = Set(allowUID)
        server.allowedGIDs = Set(allowGID.compactMap(Self.groupID))
        let activated = environment["LISTEN_PID"].flatMap(Int32.init) == getpid()
        logger.info(
            "cardstackd \(Self.configuration.version) starting: parameters \(configPath), socket \(activated ? "passed by systemd" : socketPath.description)"
        )
        do {
            try await Daemon.run(
                DaemonOptions(
                    configPath: configPath, server: server, environment: environment,
                    watch: WatchRequest(rawValue: watch) ?? .auto), logger: logger)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(1)
        }
    }

    /// A group's number, from its number or its name.
    static func groupID(_ group: String) -> UInt32? {
        if let number = UInt32(group) { return number }
        return getgrnam(group).map { $0.pointee.gr_gid }
    }

    /// Where the daemon looks when no --config is given.
    static func defaultConfigPaths(_ environment: [String: String]) -> [String] {
        var paths: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            paths.append("\(xdg)/cardstack/cardstack.toml")
        } else if let home = environment["HOME"], !home.isEmpty {
            paths.append("\(home)/.config/cardstack/cardstack.toml")
        }
        paths.append("/etc/cardstack/cardstack.toml")
        return paths
    }
}
