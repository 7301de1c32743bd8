import ArgumentParser
import CardStackClient
import CardStackProtocol
import CardStackRender
import CardStackSystem
import CardStackWeb

#if canImport(Glibc)
    import Glibc
#endif

struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Preview the card stack in a browser, with a live parameter panel.",
        discussion: """
            Serves a page that draws every frame the daemon sends as a browser draws Core \
            Animation layers (each card's position, anchor point, 3D transform and alpha), \
            beside a panel of every parameter in force: where each value comes from (the file \
            or `set`), a slider per number that changes it live (set_params), the file's \
            error with line and column while it does not load, frames per second received, \
            frames skipped and the connection's state.

            Input: the terminal viewer's keys (j/k next/prev, J/K fling, space snap, g/G \
            first/last, d/m/i deck edits); drag or swipe to scroll, and release to fling at \
            the release speed; the wheel scrolls.

            Replay: --replay FILE plays a recording made by `cardstack record` in the page, \
            at its recorded timing and with no daemon: space pauses (at the end: plays \
            again), , and . step one frame back / on, + and - change the speed (0.1× to 4×); \
            the panel shows the time, the speed and the parameters of the frame on screen.

            Share: POST a recording to /render?format=gif|png|mp4|webm (with the token) and \
            the answer is the file `cardstack render` would write (docs/render.md).

            Reference: the panel loads a clip or still to match (MP4, MOV, WebM, GIF, PNG, \
            JPEG), decoded by ffmpeg into $TMPDIR, shows it over or beside the stage in step \
            with the timeline, and fits it with `cardstack fit` (docs/page.md). The files are \
            deleted when cardstack web ends.

            Compare mode: give --socket twice to see two daemons (two parameter files) side \
            by side; parameters that differ are highlighted, and every input goes to both.

            The first line on standard output is the URL to open; it holds a token, kept for \
            you in $XDG_RUNTIME_DIR/cardstack/web-token (0600) so a page left open reconnects \
            after cardstack web restarts (without $XDG_RUNTIME_DIR each run makes a new one); \
            --new-token replaces it, so every URL given out before is refused from then on. \
            Without it every request is refused (403), as is a Host that is not this address \
            and a WebSocket from another site's page. To view a daemon on \
            another machine, forward its socket and point --socket at the local end:
              ssh -N -L /tmp/r.sock:/run/user/1000/cardstack/cardstackd.sock host &
              cardstack web --socket /tmp/r.sock

            An app follows the daemon through the same URL (CardStackLive, docs/live.md): \
            /events streams its events, /request takes its commands. For a phone on the same \
            network, listen on this machine's address (--listen 192.168.1.20:8372, or \
            0.0.0.0:8372, which prints a URL per address): plain HTTP with a token, readable \
            by anyone on that network; keep it on loopback and use ssh -L when that matters.
            """)

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "A daemon's socket; twice for compare mode (default: $CARDSTACK_SOCKET, $XDG_RUNTIME_DIR/cardstack/cardstackd.sock, /tmp/cardstack-$UID/cardstackd.sock).",
            valueName: "path"))
    var socket: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Address to serve on; port 0 picks a free port. Anything but loopback is reachable by others on the network (the token still guards it).",
            valueName: "host:port"))
    var listen = "127.0.0.1:8372"

    @Flag(name: .long, help: "Do not open the page in a browser (otherwise xdg-open when a display is there).")
    var noOpen = false

    @Flag(
        name: .long,
        help:
            "Replace the kept token with a new one: pages and apps holding the old URL are refused (403) from this run on and need the new URL."
    )
    var newToken = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Play this recording (from `cardstack record`) in the page instead of showing a daemon.", valueName: "file")
    )
    var replay: String?

    func validate() throws {
        _ = try address()
        guard socket.count <= 2 else { throw ValidationError("--socket: at most two daemons side by side") }
        if replay != nil, !socket.isEmpty {
            throw ValidationError(
                "--replay plays a recording with no daemon, so --socket has nothing to do; drop --socket (or drop --replay to watch the daemon live)"
            )
        }
    }

    /// `--listen` split into host and port.
    func address() throws -> (host: String, port: Int) {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]),
            (0...65535).contains(port), colon != listen.startIndex
        else {
            throw ValidationError("--listen must be HOST:PORT, e.g. 127.0.0.1:8372 or [::1]:0, got \"\(listen)\"")
        }
        return (String(listen[..<colon]), port)
    }

    func run() async throws {
        let (host, port) = try address()
        var recording: [UInt8]?
        if let replay {
            recording = try readRecording(replay)
        }
        let paths =
            recording != nil
            ? []
            : socket.isEmpty
                ? [SocketPath.resolveForClient(option: nil).path]
                : socket.map { SocketPath.resolveForClient(option: $0).path }
        let bridge: WebBridge
        let references: ReferenceStore
        // Kept for the user across runs, so an open page reconnects after a restart.
        let (token, outcome) = WebToken.load(
            environment: currentEnvironment(), renew: newToken, fresh: WebBridge.randomToken)
        do {
            references = ReferenceStore(fitCommand: [ReferenceCleanup.executable(), "fit"], sockets: paths)
            bridge = try await WebBridge.start(
                host: host, port: port, sockets: paths, recording: recording, token: token, render: Self.renderService,
                references: references)
        } catch {
            printError(
                "cardstack web: cannot listen on \(listen): \(error); choose another port with --listen HOST:PORT (0 picks a free one)"
            )
            throw ExitCode(1)
        }
        ReferenceCleanup.watch(references)
        // What a bridge killed outright (SIGKILL) could not remove, its maker gone.
        ChildRegistry.removeLeftovers(in: ChildProcess.scratch, prefix: ReferenceClip.directoryPrefix)
        let shown =
            ["0.0.0.0", "::", "[::]"].contains(host)
            ? "127.0.0.1" : (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
        let url = "http://\(shown):\(bridge.port)/?token=\(bridge.gate.token)"
        // Written at once, not through stdio's buffer: scripts wait for this line.
        let line = Array((url + "\n").utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if !isLoopback(host) {
            printError(
                "cardstack web: warning: listening on \(host), reachable from other machines: plain HTTP, so anyone on the network who sees the URL can drive the daemon. Use 127.0.0.1 and ssh -L where that matters (docs/live.md)."
            )
            if ["0.0.0.0", "::", "[::]"].contains(host) {
                for address in NetworkAddresses.current() {
                    printError(
                        "cardstack web: for a device on the network: http://\(address):\(bridge.port)/?token=\(bridge.gate.token)"
                    )
                }
            }
        }
        if newToken {
            printError(
                outcome == .made
                    ? "cardstack web: a new token, kept in $XDG_RUNTIME_DIR/cardstack/web-token: the old URL is refused (403) from now on; give pages and apps the URL above (a cardstack web still running keeps the old one until it stops)"
                    : "cardstack web: a new token for this run only (no private $XDG_RUNTIME_DIR/cardstack to keep it in); every run without one makes a new token anyway"
            )
        }
        for path in paths {
            printError("cardstack web: daemon socket \(path)")
        }
        if let replay { printError("cardstack web: replaying \(replay) (no daemon)") }
        let environment = currentEnvironment()
        if !noOpen,
            environment["DISPLAY"].map({ !$0.isEmpty }) == true
                || environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true
        {
            // The browser gets a file only the user can read, not the URL: every user can read
            // a process's arguments (docs/viewer.md).
            do {
                open(try bridge.handOff(url: url, environment: environment))
            } catch {
                printError("cardstack web: cannot hand the page to a browser (\(error)); open the URL above yourself")
            }
        }
        defer { references.removeAll() }
        try await bridge.run()
    }

    /// `POST /render`: `cardstack render`'s renderer, with its defaults.
    static let renderService = RenderService { recording, name in
        let format = try RenderFormat(name: name)
        if VariantShare.isGrid(recording) {
            return (try VariantShare.render(recording, format: format), format.mediaType)
        }
        return (try RecordingRenderer.render(recording: recording, format: format), format.mediaType)
    }

    /// The recording's bytes, once they read as a recording (a bad file fails here, before
    /// anything is served).
    private func readRecording(_ path: String) throws -> [UInt8] {
        do {
            let bytes = try readWholeFile(path)
            _ = try Recording(lines: bytes)
            return bytes
        } catch {
            printError("cardstack web: \(path): \(error)")
            throw ExitCode(1)
        }
    }

    private func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
    }

    /// Starts `xdg-open FILE` (the first `xdg-open` on `PATH`) and does not wait for it (a
    /// missing xdg-open is not an error).
    private func open(_ file: String) {
        var pid = pid_t()
        let args = ["xdg-open", file]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if posix_spawnp(&pid, "xdg-open", &actions, nil, &argv, environ) != 0 {
            printError("cardstack web: could not run xdg-open; open the URL above yourself")
        }
    }
}
