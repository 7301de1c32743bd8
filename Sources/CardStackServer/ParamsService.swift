import CardStackParams
import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reloads the parameter file on every save (libinotifytools) and on SIGHUP, and hands
/// each real change to the hub. Identical content changes nothing.
///
/// The file is read and parsed on the watcher's own thread, so a save reaches clients with
/// one hand-over (to the hub's event loop). A read that fails, finds the file gone, or
/// finds it empty counts only if nothing else happens for 100 ms: otherwise the file was
/// still being written (a truncate and write, vim's rename dance) and the newer read wins.
/// A later read of the same bytes confirms such a read instead of cancelling it.
struct ParamsService: Service {
    let path: String
    let reload: Reload
    let logger: Logger

    /// Reading, deciding and delivering, shared by the watcher thread and the SIGHUP task.
    final class Reload: Sendable {
        static let settle = TimeAmount.milliseconds(100)
        let reloader: Mutex<ParamsReloader>
        /// Which read is the newest, and whether the one waiting to settle came from content.
        let pending = Mutex<(generation: Int, fromContent: Bool)>((0, false))
        let deliver: @Sendable (ParamsUpdate, _ forced: Bool, _ loadedBytes: [UInt8]?) -> Void
        let eventLoop: any EventLoop

        init(
            _ reloader: ParamsReloader, on eventLoop: any EventLoop,
            deliver: @escaping @Sendable (ParamsUpdate, Bool, [UInt8]?) -> Void
        ) {
            self.reloader = Mutex(reloader)
            self.eventLoop = eventLoop
            self.deliver = deliver
        }

        func run(forced: Bool) {
            let (update, empty, bytes) = reloader.withLock { reloader in
                let (update, empty) = reloader.reload(force: forced)
                return (update, empty, reloader.loadedBytes)
            }
            let doubtful: Bool = switch update {
            case .failed, .removed: true
            case .loaded: empty
            case .unchanged: false
            }
            if case .unchanged = update {
                // The same bytes again: a report of them waiting to settle stands (it is
                // confirmed); one saying the file could not be read or was gone does not.
                pending.withLock { if !$0.fromContent { $0.generation += 1 } }
                deliver(update, forced, bytes)
                return
            }
            let fromContent: Bool = switch update {
            case let .failed(error): error.kind != .unreadable && error.kind != .missing
            case .loaded: true
            default: false
            }
            let mine = pending.withLock { state in
                state.generation += 1
                state.fromContent = doubtful && fromContent
                return state.generation
            }
            guard doubtful else {
                deliver(update, forced, bytes)
                return
            }
            eventLoop.scheduleTask(in: Self.settle) { [self] in
                if pending.withLock({ $0.generation }) == mine { deliver(update, forced, bytes) }
            }
        }
    }

    func run() async throws {
        let reload = self.reload
        let watcher = try InotifyWatcher(path: path) { reload.run(forced: false) }
        logger.info("watching \(path) for changes")
        let hangups = Self.waitForHangups { [path, logger] in
            logger.info("SIGHUP: reloading \(path)")
            reload.run(forced: true)
        }
        try? await gracefulShutdown()
        // Both threads end here, so nothing reloads while the daemon shuts down.
        hangups.stop()
        watcher.stop()
        logger.info("stopped watching \(path)")
    }

    /// The set holding SIGHUP alone: blocked everywhere, waited for by one thread.
    static var hangupSignals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGHUP)
        return set
    }

    /// Calls `received` for every SIGHUP, from a thread of its own that waits in `sigwait`
    /// (``Daemon/prepareProcess()`` blocked SIGHUP in every thread, so it arrives only here).
    /// It waits for ``StoppableThread/wakeSignal`` too, which only this thread blocks, so
    /// ``StoppableThread/stop()`` ends it.
    static func waitForHangups(_ received: @escaping @Sendable () -> Void) -> StoppableThread {
        var waited = hangupSignals
        sigaddset(&waited, StoppableThread.wakeSignal)
        let signals = waited
        return StoppableThread(name: "cardstack-sighup", prepare: {
            var blocked = signals
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
        }) { thread in
            var waited = signals
            var signal: Int32 = 0
            while true {
                guard sigwait(&waited, &signal) == 0 else { continue }
                if signal != StoppableThread.wakeSignal {
                    received()
                } else if thread.isStopping {
                    return
                }
            }
        }
    }
}
