import CardStackFiles
import CardStackParams
import Dispatch
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Accepts clients on the listening socket from one dedicated thread and hands each
/// connection to NIO as a connected socket (`ClientBootstrap.withConnectedSocket`).
///
/// Accepting here instead of in a NIO server channel is what tells the daemon each
/// client's descriptor, so frames can be written to it directly (``ClientHandler``). The
/// thread blocks in `poll` on the listener and a pipe: no timers and no wake-ups while
/// nobody connects. ``stop()`` ends it without touching the listening socket, which
/// systemd may share with the next instance.
final class Acceptor: Sendable {
    private let wake: CInt
    private let wakeWriter: CInt
    private let finished = DispatchSemaphore(value: 0)

    /// Connections handed over and not yet set up by the event loop beyond which the thread
    /// waits: under a flood of connections the loop then works through a bounded queue
    /// (the rest wait in the kernel's listen backlog), so clients already connected are
    /// still answered promptly.
    static let maximumInFlight = 32

    /// Starts accepting on `listener` (a bound, listening stream socket) and calls `accepted`
    /// from the accept thread with each new connection's descriptor, which it then owns, and
    /// a function to call once the connection is set up (or has failed to be).
    init(
        listener: CInt, logger: Logger,
        accepted: @escaping @Sendable (CInt, _ settled: @escaping @Sendable () -> Void) -> Void
    ) throws {
        let flags = fcntl(listener, F_GETFL)
        guard flags >= 0, fcntl(listener, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw SocketSetupError(description: "cannot use the listening socket: \(String(cString: strerror(errno)))")
        }
        var pipeEnds: [CInt] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw SocketSetupError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let wake = pipeEnds[0]
        self.wake = wake
        self.wakeWriter = pipeEnds[1]
        let finished = self.finished
        PosixThread.start(name: "cstack-accept") {
            Self.run(listener: listener, wake: wake, logger: logger, accepted: accepted, finished: finished)
        }
    }

    /// Ends the accept thread and waits for it; connections not yet accepted stay queued.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        finished.wait()
        close(wake)
        close(wakeWriter)
    }

    private static func run(
        listener: CInt, wake: CInt, logger: Logger,
        accepted: @Sendable (CInt, @escaping @Sendable () -> Void) -> Void, finished: DispatchSemaphore
    ) {
        defer { finished.signal() }
        let inFlight = InFlight()
        let settled: @Sendable () -> Void = { inFlight.count.subtract(1, ordering: .relaxed) }
        var fds = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        var pause: Int32 = -1
        var starved = false
        while true {
            // Out of descriptors, the listener stays readable: wait for the wake-up only, a while.
            let ready = pause < 0 ? poll(&fds, 2, -1) : poll(&fds[1], 1, pause)
            if ready < 0, errno != EINTR {
                let reason = String(cString: strerror(errno))
                logger.critical("poll on the listening socket failed: \(reason); no longer accepting clients")
                return
            }
            if fds[1].revents != 0 { return }
            pause = -1
            while true {
                // The loop is behind: wait for it (waking every millisecond only while it is).
                while inFlight.count.load(ordering: .relaxed) >= maximumInFlight {
                    if poll(&fds[1], 1, 1) > 0 { return }
                }
                let fd = accept(listener, nil, nil)
                if fd >= 0 {
                    if starved {
                        logger.notice("accepting clients again")
                        starved = false
                    }
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(fd, F_SETFL, O_NONBLOCK)
                    inFlight.count.add(1, ordering: .relaxed)
                    accepted(fd, settled)
                    continue
                }
                let code = errno
                switch code {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    if !starved {
                        logger.error(
                            "cannot accept a client: \(String(cString: strerror(code))); trying again every 100 ms")
                        starved = true
                    }
                    pause = 100
                case EAGAIN, EWOULDBLOCK: break
                default:
                    logger.critical(
                        "accept on the listening socket failed: \(String(cString: strerror(code))); no longer accepting clients"
                    )
                    return
                }
                break
            }
        }
    }
}

/// The accept thread's count of connections the event loop has not set up yet.
private final class InFlight: Sendable {
    let count = Atomic(0)
}
