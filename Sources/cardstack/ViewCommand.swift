import ArgumentParser
import CardStackClient
import CardStackFiles
import CardStackProtocol
import CardStackRender
import CardStackSystem
import CardStackViewer
import CardStackWire

#if canImport(Glibc)
    import Glibc
#endif

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Watch the card stack live in the terminal and scroll it with the keyboard or mouse.",
        discussion: """
            Draws every frame the daemon sends (each card's projected quad, back to front, in \
            half-block pixels, with the images, colours and back of `[card]`'s look) and sends your keys back as scroll commands; the picture moves \
            when the daemon's next frame arrives. The bottom lines show the style and \
            parameters in force, the revision, offset, front card, frames per second received \
            and frames skipped; values that just changed are highlighted. A broken parameter \
            file shows as a banner until a good one loads. If the daemon goes away the viewer \
            waits and reconnects by itself. At start it waits up to --timeout seconds for a \
            daemon to listen (it may still be starting).

            Keys:
            \(KeyMap.help.map { "  \($0.keys.padding(12)) \($0.action)" }.joined(separator: "\n"))

            With --replay FILE it plays a recording made by `cardstack record` instead, at its \
            recorded timing and with no daemon:
            \(ReplayControls.help.map { "  \($0.keys.padding(12)) \($0.action)" }.joined(separator: "\n"))

            Colour: 24-bit when $COLORTERM is truecolor or 24bit, else 256 colours; none with \
            --no-color or $NO_COLOR.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .long, help: ArgumentHelp("Redraw at most this many times per second.", valueName: "fps"))
    var fpsLimit = 60

    @Flag(name: .long, help: "Draw without colour (also when $NO_COLOR is set).")
    var noColor = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Play this recording (from `cardstack record`) instead of watching the daemon.", valueName: "file"))
    var replay: String?

    func validate() throws {
        guard (1...1000).contains(fpsLimit) else { throw ValidationError("--fps-limit must be between 1 and 1000") }
    }

    func run() throws {
        if let replay {
            try runReplay(replay)
            return
        }
        let first = try connection.connect(waiting: true)
        let mode = ColorMode.detect(environment: currentEnvironment(), noColor: noColor)
        let terminal = try Terminal()
        defer { terminal.restore() }
        var session = ViewerSession(
            terminal: terminal, screen: ViewerScreen(mode: mode), socket: first.socket, fpsLimit: Double(fpsLimit))
        let code = session.run(first)
        terminal.restore()
        if code != 0 { throw ExitCode(code) }
    }
}

/// The viewer's event loop: `poll()` on the terminal, the signal pipe and the daemon;
/// messages into ``ViewerState``, keys into commands, and at most `fpsLimit` redraws a
/// second, each one `write()` of only the cells that changed.
struct ViewerSession {
    /// Between reconnection attempts, in seconds.
    static let retryInterval = 0.5
    /// The longest sleep, so time-based status (fps, highlights) stays fresh.
    static let tick = 0.25

    let terminal: Terminal
    var screen: ViewerScreen
    let socket: SocketPath
    let fpsLimit: Double
    var state = ViewerState()
    var keys = KeyDecoder()
    var link: DaemonConnection?
    var previous: ScreenBuffer?
    var lastDraw = -Double.infinity
    var nextRetry = 0.0
    /// What the look's images were last loaded for: the file, the look and `images_version`.
    var lookLoaded: String?
    /// Makes the look's thumbnails on a thread of its own.
    let looks = LookLoader(
        make: { card, file in ViewerLook(card: card, images: LookPicture.thumbnails(card, parameterFile: file)) },
        start: { PosixThread.start(name: "look-images", $0) })

    init(terminal: Terminal, screen: ViewerScreen, socket: SocketPath, fpsLimit: Double) {
        self.terminal = terminal
        self.screen = screen
        self.socket = socket
        self.fpsLimit = fpsLimit
    }

    /// Runs until `q`, Ctrl-C or a terminating signal; returns the exit code.
    mutating func run(_ connection: DaemonConnection) -> Int32 {
        attach(connection)
        var dirty = true
        while true {
            var now = monotonicNow()
            if dirty, now >= lastDraw + 1 / fpsLimit {
                draw(now: now)
                dirty = false
            }
            var timeout = dirty ? lastDraw + 1 / fpsLimit - now : Self.tick
            if link == nil { timeout = min(timeout, max(nextRetry - now, 0)) }
            var fds = [terminal.inputDescriptor, terminal.signalDescriptor] + (link.map { [$0.fd] } ?? [])
            let ready = wait(fds: &fds, seconds: timeout)
            now = monotonicNow()
            if ready.contains(terminal.signalDescriptor) {
                for signal in terminal.takeSignals() {
                    if signal == SIGWINCH { previous = nil } else { return 128 + signal }
                }
            }
            if ready.contains(terminal.inputDescriptor), handleInput(now: now) { return 0 }
            if let link, ready.contains(link.fd) { receive(from: link, now: now) }
            if link == nil, now >= nextRetry { reconnect(now: now) }
            if let look = looks.take() {
                screen.painter.look = look
                previous = nil
            }
            dirty = true
        }
    }

    /// Subscribes a fresh connection to every event and asks for the parameters.
    mutating func attach(_ connection: DaemonConnection) {
        do {
            try connection.send(Request(id: .string("view-subscribe"), .subscribe(EventKind.allCases)))
            try connection.send(Request(id: ViewerState.paramsRequestID, .getParams))
            try connection.send(Request(id: ViewerState.stateRequestID, .getState))
            link = connection
            state.connectionOpened()
        } catch {
            detach(now: monotonicNow())
        }
    }

    mutating func detach(now: Double) {
        link = nil
        state.connected = false
        nextRetry = now + Self.retryInterval
    }

    mutating func reconnect(now: Double) {
        guard let connection = try? DaemonConnection(socket, timeout: Self.retryInterval) else {
            nextRetry = monotonicNow() + Self.retryInterval
            return
        }
        attach(connection)
    }

    /// Reads every line waiting on the socket and applies them in order.
    mutating func receive(from connection: DaemonConnection, now: Double) {
        do {
            // The first read takes what the socket holds; the rest drain whole lines
            // already buffered, so a backlog of frames ends in one redraw of the newest.
            while let line = try connection.readLine(timeout: 0.0005) {
                guard let message = try? WireJSON.decode(ServerMessage.self, from: line, requests: ViewerState.requests)
                else { continue }
                if case .bye = message { throw ClientError.closed("bye") }
                state.receive(message, now: now)
            }
            reloadLook()
        } catch {
            detach(now: now)
        }
    }

    /// Loads the look's images again when the parameters' look, their file or the images'
    /// version changed (docs/parameters.md, "The look"). A look without images applies at
    /// once; one with images once ``LookLoader`` has made them (the loop looks each turn, at
    /// least four times a second), the look before staying until then.
    mutating func reloadLook() {
        guard let info = state.params else { return }
        let card = info.params.card
        let key = "\(info.path ?? "")|\(info.imagesVersion)|\(String(describing: card))"
        guard key != lookLoaded else { return }
        lookLoaded = key
        if card.hasLook, card.images != nil {
            looks.load(card, parameterFile: info.path)
            return
        }
        looks.cancel()
        screen.painter.look = card.hasLook ? ViewerLook(card: card, images: []) : nil
        previous = nil
    }

    /// Applies waiting keys; true when the viewer should quit.
    mutating func handleInput(now: Double) -> Bool {
        for key in keys.feed(terminal.readInput()) {
            switch state.keyMap.action(for: key) {
            case .quit?: return true
            case .toggleHelp?: state.showHelp.toggle()
            case .dismiss?: state.showHelp = false
            case .redraw?: previous = nil
            case .send(let command)?:
                guard let link else {
                    state.note("not connected: \(command.name) not sent", now: now)
                    continue
                }
                let id = command == .tuning(.save) ? ViewerState.saveRequestID : .string("view-key")
                do { try link.send(Request(id: id, command)) } catch { detach(now: now) }
            case nil: break
            }
        }
        return false
    }

    mutating func draw(now: Double) {
        let (columns, rows) = terminal.size()
        let next = screen.compose(state, columns: columns, rows: rows, now: now)
        let bytes = next.output(from: previous, mode: screen.painter.mode)
        if !bytes.isEmpty { terminal.write(bytes) }
        previous = next
        lastDraw = now
    }

    /// `poll()` on `fds` for up to `seconds`; the descriptors that are readable (or closed).
    func wait(fds: inout [Int32], seconds: Double) -> Set<Int32> {
        var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ms = Int32(max(0, min(seconds, 60)) * 1000 + 0.999)
        guard poll(&polls, nfds_t(polls.count), ms) > 0 else { return [] }
        return Set(polls.filter { $0.revents != 0 }.map(\.fd))
    }
}

/// Monotonic seconds.
func monotonicNow() -> Double { SystemClock.monotonic }

extension String {
    /// `self` padded with spaces to at least `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
