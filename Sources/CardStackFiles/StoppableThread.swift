import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own that blocks in a system call (libinotifytools' wait, `sigwait`) and
/// that ``stop()`` ends: `stop()` sets ``isStopping`` and sends the thread ``wakeSignal``
/// until its body has returned. The body checks ``isStopping`` after every wake.
///
/// The signal's handler does nothing and is installed without `SA_RESTART`, so a blocking
/// call returns `EINTR`; a body that waits for the signal in `sigwait` blocks it instead.
/// `SIGURG` is ignored by default, so one sent from outside does nothing either way.
public final class StoppableThread: Sendable {
    /// The signal that wakes the thread.
    public static let wakeSignal = SIGURG

    let stopping = Atomic(false)
    /// The thread, once it runs, and whether its body has returned.
    let state = Mutex<(id: pthread_t?, finished: Bool)>((nil, false))

    /// Starts `body` on a thread called `name`. `prepare` runs first on that thread, before
    /// ``stop()`` can signal it (to set the thread's signal mask). Linux keeps a thread name
    /// of at most 15 bytes; a longer one never reaches `top -H`, gdb or `/proc/*/task/*/comm`.
    public init(
        name: String, prepare: @escaping @Sendable () -> Void = {}, body: @escaping @Sendable (StoppableThread) -> Void
    ) {
        Self.installWakeHandler()
        PosixThread.start(name: name) { [self] in
            prepare()
            state.withLock { $0.id = pthread_self() }
            body(self)
            state.withLock { $0.finished = true }
        }
    }

    /// Whether ``stop()`` was called.
    public var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Ends the thread; returns once its body has returned. Calling it again does nothing.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        while true {
            let (id, finished) = state.withLock { ($0.id, $0.finished) }
            if finished { return }
            // Until the thread is in its wait, a signal may land before it: send again.
            if let id { pthread_kill(id, Self.wakeSignal) }
            usleep(1000)
        }
    }

    /// A handler that does nothing, so the signal interrupts a system call and nothing else.
    static func installWakeHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(wakeSignal, &action, nil)
    }
}
