import ArgumentParser
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the viewer's signal self-pipe, or -1.
///
/// The one global in the client, on purpose: a C signal handler cannot capture context,
/// so the descriptor it writes to must sit where a plain function can load it. It is an
/// atomic (async-signal-safe, lock-free), set by ``Terminal/init()`` and reset by
/// ``Terminal/restore()``; nothing else touches it.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The signal handler: one byte (the signal number) into the self-pipe, so `poll()` wakes.
private func forwardSignal(_ signal: Int32) {
    let fd = signalPipeWriteEnd.load(ordering: .relaxed)
    guard fd >= 0 else { return }
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(fd, &byte, 1)
    errno = saved
}

/// The terminal's settings as they were before the viewer changed them, for the crash
/// handler below. Immutable once read (``Terminal/init()`` reads it before any handler can
/// run), so a signal handler may load it.
private let settingsBeforeTheViewer: termios? = {
    var settings = termios()
    return tcgetattr(0, &settings) == 0 ? settings : nil
}()

/// What leaves the alternate screen, shows the cursor and stops mouse reports.
private let terminalReset: StaticString = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// For a crash (a Swift trap is SIGILL, plus SIGABRT, SIGSEGV, …): put the terminal back,
/// then die of the same signal. Only async-signal-safe calls.
private func restoreThenCrash(_ signal: Int32) {
    terminalReset.withUTF8Buffer { _ = Glibc.write(1, $0.baseAddress, $0.count) }
    if var settings = settingsBeforeTheViewer { tcsetattr(0, TCSANOW, &settings) }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

/// The only code that touches termios and the terminal's modes: raw input, the alternate
/// screen, a hidden cursor and mouse reports while the viewer runs, and everything put back
/// by ``restore()`` (called on every way out: `q`, Ctrl-C, SIGTERM/SIGHUP, errors, and
/// `deinit` as a last resort; a crash restores the terminal from its signal handler).
///
/// SIGWINCH, SIGTERM, SIGHUP and SIGINT are turned into bytes on a self-pipe
/// (``signalDescriptor``) that the viewer polls with its other inputs.
final class Terminal {
    /// Signals that arrive through the pipe.
    static let forwarded: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]
    /// Signals that end the viewer abnormally: the terminal is restored first.
    static let fatal: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    private var original = termios()
    private var active = false
    private let pipeRead: Int32
    private let pipeWrite: Int32

    /// Standard input, for `poll()`.
    let inputDescriptor: Int32 = 0
    /// The self-pipe's read end, for `poll()`.
    var signalDescriptor: Int32 { pipeRead }

    /// Enters raw mode and the alternate screen. Throws when stdin or stdout is no terminal.
    init() throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw ValidationError("cardstack view draws on a terminal: run it with stdin and stdout on a tty")
        }
        guard tcgetattr(0, &original) == 0 else {
            throw ValidationError("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw ValidationError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        (pipeRead, pipeWrite) = (fds[0], fds[1])
        for fd in fds {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd.store(pipeWrite, ordering: .relaxed)
        for signal in Self.forwarded { Self.install(signal, handler: forwardSignal) }
        _ = settingsBeforeTheViewer  // read now, before a handler may need it
        for signal in Self.fatal { Self.install(signal, handler: restoreThenCrash) }
        signal(SIGPIPE, SIG_IGN)

        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: a key typed while the viewer was connecting is kept, not lost.
        tcsetattr(0, TCSANOW, &raw)
        active = true
        // Alternate screen, hidden cursor, button + SGR mouse reports, clean slate.
        write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[0m\u{1B}[2J".utf8))
    }

    deinit { restore() }

    /// Puts the terminal back as it was; safe to call more than once.
    func restore() {
        guard active else { return }
        active = false
        terminalReset.withUTF8Buffer { write(Array($0)) }
        tcsetattr(0, TCSAFLUSH, &original)
        for signal in Self.forwarded + Self.fatal { Glibc.signal(signal, SIG_DFL) }
        signalPipeWriteEnd.store(-1, ordering: .relaxed)
        close(pipeRead)
        close(pipeWrite)
    }

    /// Columns and rows, from the terminal (else $COLUMNS/$LINES, else 80x24).
    func size() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// Whatever input is waiting (empty when none).
    func readInput() -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
        return n > 0 ? Array(chunk[0..<n]) : []
    }

    /// The signals that arrived since the last call.
    func takeSignals() -> [Int32] {
        var chunk = [UInt8](repeating: 0, count: 64)
        let n = chunk.withUnsafeMutableBytes { read(pipeRead, $0.baseAddress, $0.count) }
        return n > 0 ? chunk[0..<n].map { Int32($0) } : []
    }

    /// Writes `bytes` to the terminal: one `write()` unless the kernel takes less.
    func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n > 0 else { return }
            sent += n
        }
    }

    private static func install(_ signal: Int32, handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }
}
