import ArgumentParser
import CardStackClient
import CardStackProtocol
import CardStackSystem
import CardStackViewer

#if canImport(Glibc)
    import Glibc
#endif

/// `cardstack view --replay FILE`: draws a recording at its recorded timing with the live
/// viewer's screen, no daemon involved. Space pauses, `,` and `.` step one frame, `+` and
/// `-` change the speed, `q` quits. The terminal, the clock and the screen are here; what a
/// key does is ``ReplayControls``'.
struct ReplaySession {
    let terminal: Terminal
    let screen: ViewerScreen
    let fpsLimit: Double
    var controls: ReplayControls
    var keys = KeyDecoder()
    var previous: ScreenBuffer?
    var lastDraw = -Double.infinity

    /// Runs until `q`, Ctrl-C or a terminating signal; returns the exit code.
    mutating func run() -> Int32 {
        var dirty = true
        while true {
            var now = monotonicNow()
            controls.player.advance(now: now)
            if dirty, now >= lastDraw + 1 / fpsLimit {
                draw(now: now)
                dirty = false
            }
            var timeout = dirty ? lastDraw + 1 / fpsLimit - now : ViewerSession.tick
            if let due = controls.player.nextDue() { timeout = min(timeout, max(due - now, 0)) }
            var polls = [terminal.inputDescriptor, terminal.signalDescriptor].map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            let ms = Int32(max(0, min(timeout, 60)) * 1000 + 0.999)
            let ready = poll(&polls, nfds_t(polls.count), ms) > 0 ? Set(polls.filter { $0.revents != 0 }.map(\.fd)) : []
            now = monotonicNow()
            if ready.contains(terminal.signalDescriptor) {
                for signal in terminal.takeSignals() {
                    if signal == SIGWINCH { previous = nil } else { return 128 + signal }
                }
            }
            if ready.contains(terminal.inputDescriptor), handleInput(now: now) { return 0 }
            dirty = true
        }
    }

    /// Applies waiting keys; true when the replay should end.
    mutating func handleInput(now: Double) -> Bool {
        for key in keys.feed(terminal.readInput()) {
            switch controls.apply(key, now: now) {
            case .quit: return true
            case .redrawAll: previous = nil
            case .carryOn: break
            }
        }
        return false
    }

    mutating func draw(now: Double) {
        let (columns, rows) = terminal.size()
        var next = screen.compose(controls.state, columns: columns, rows: rows, now: now)
        if controls.showHelp {
            screen.help(into: &next, title: "cardstack view --replay: keys", entries: ReplayControls.help)
        }
        let bytes = next.output(from: previous, mode: screen.painter.mode)
        if !bytes.isEmpty { terminal.write(bytes) }
        previous = next
        lastDraw = now
    }
}

extension ViewCommand {
    /// `view --replay FILE`: reads the recording, then plays it until `q`.
    func runReplay(_ path: String) throws {
        let recording: Recording
        do {
            recording = try Recording(lines: try readWholeFile(path))
        } catch {
            throw fail(RecordError("\(path): \(error)"))
        }
        let mode = ColorMode.detect(environment: currentEnvironment(), noColor: noColor)
        let terminal = try Terminal()
        defer { terminal.restore() }
        var session = ReplaySession(
            terminal: terminal, screen: ViewerScreen(mode: mode), fpsLimit: Double(fpsLimit),
            controls: ReplayControls(player: ReplayPlayer(recording, now: monotonicNow())))
        let code = session.run()
        terminal.restore()
        if code != 0 { throw ExitCode(code) }
    }
}

/// The bytes of the recording at `path` (``Recording/bytes(of:limit:)``: a regular file
/// of at most 256 MiB, opened without blocking).
func readWholeFile(_ path: String) throws -> [UInt8] {
    do {
        return try Recording.bytes(of: path)
    } catch {
        throw RecordError(error.message)
    }
}
