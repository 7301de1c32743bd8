import CardStackFiles
import CardStackWeb
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe the cleanup signals arrive on, or -1.
private let cleanupPipeWriteEnd = Atomic<Int32>(-1)

/// The signal handler: one byte (the signal number) into the self-pipe.
private func forwardCleanupSignal(_ signal: Int32) {
    let fd = cleanupPipeWriteEnd.load(ordering: .relaxed)
    guard fd >= 0 else { return }
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(fd, &byte, 1)
    errno = saved
}

/// Deletes the references the page loaded (`ReferenceStore`) when `cardstack web` is ended by
/// SIGTERM, SIGINT or SIGHUP, then ends as that signal ends it.
///
/// The handler only writes the signal's number into a pipe; a thread of its own reads it,
/// deletes the files, puts the signal's default action back and sends it again. (The
/// command runs on a thread of Swift's pool, not the main thread, so blocking the signals
/// there and waiting in `sigwait` would not catch them.) A child the bridge starts gets the
/// default actions back at exec, as for any handled signal.
enum ReferenceCleanup {
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    static func watch(_ store: ReferenceStore) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        cleanupPipeWriteEnd.store(fds[1], ordering: .relaxed)
        let readEnd = fds[0]
        PosixThread.start(name: "cstack-cleanup") {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            store.removeAll()
            let signal = Int32(byte)
            Glibc.signal(signal, SIG_DFL)
            kill(getpid(), signal)
        }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardCleanupSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// The running executable, for `cardstack fit` (`/proc/self/exe` resolved).
    static func executable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
