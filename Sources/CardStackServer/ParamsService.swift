import CardStackFiles
import CardStackParams
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Reloads the parameter file on every save (libinotifytools, and a look every 100 ms where
/// inotify cannot see every save: ``WatchChoice``, ``FilePoller``) and on SIGHUP, and hands
/// each real change to the hub. Identical content changes nothing.
///
/// The watcher's thread only decides that the file may have changed; the hub's event loop
/// reads, parses and publishes. So a save wakes the loop once, and the file's bytes, its
/// tree and the events are built on the CPU that sends them (the README's performance
/// section). A file larger than a parameter file needs (``Reload/loopParseLimit``) is
/// parsed on NIO's blocking pool instead, so a hostile one cannot hold up the frames.
///
/// A read that fails, finds the file gone, or finds it empty counts only if nothing else
/// happens for 100 ms: otherwise the file was still being written (a truncate and write,
/// vim's rename dance) and the newer read wins. A later read of the same bytes confirms
/// such a read instead of cancelling it.
struct ParamsService: Service {
    let path: String
    let reload: Reload
    /// inotify, polling or both (``WatchChoice``), decided at start.
    let choice: WatchChoice
    let logger: Logger

    /// Reading, deciding and delivering, on the hub's event loop.
    final class Reload: Sendable {
        /// How long a doubtful read waits for a newer one: 100 ms. `CARDSTACKD_SETTLE_MS`
        /// sets another, for tests whose writer must finish inside it on a busy machine.
        static let settle = TimeAmount.milliseconds(
            ProcessInfo.processInfo.environment["CARDSTACKD_SETTLE_MS"].flatMap(Int64.init).map { max(0, $0) } ?? 100)
        /// Larger files are parsed off the loop (the default file is 4 kB).
        static let loopParseLimit = 16 * 1024
        /// The reader, which read is the newest and whether the one waiting to settle came
        /// from content, and a parse running off the loop: touched on the loop only.
        struct State {
            var reloader: ParamsReloader
            var generation = 0
            var fromContent = false
            /// A parse runs on the blocking pool: a request meanwhile waits for it (forced
            /// if any of those was).
            var parsing = false
            var waiting: Bool?
        }
        let state: NIOLoopBoundBox<State>
        let deliver: @Sendable (ParamsUpdate, _ forced: Bool, _ loadedBytes: [UInt8]?) -> Void
        let eventLoop: any EventLoop

        /// - Parameter deliver: called on `eventLoop` with each update to pass on.
        init(
            _ reloader: ParamsReloader, on eventLoop: any EventLoop,
            deliver: @escaping @Sendable (ParamsUpdate, Bool, [UInt8]?) -> Void
        ) {
            self.state = NIOLoopBoundBox.makeBoxSendingValue(State(reloader: reloader), eventLoop: eventLoop)
            self.eventLoop = eventLoop
            self.deliver = deliver
        }

        /// Asks for a look at the file, from any thread: it happens on the loop.
        ///
        /// - Parameter ifGone: look only if the file is still gone by then (the watcher saw
        ///   it go): a file in its place is being written, and its writer's close brings a
        ///   request of its own.
        func request(forced: Bool, ifGone: Bool = false) {
            eventLoop.execute {
                guard !ifGone || !ParamsFile.exists(self.state.value.reloader.path) else { return }
                self.run(forced: forced)
            }
        }

        private func run(forced: Bool) {
            guard !state.value.parsing else {
                state.value.waiting = forced || state.value.waiting == true
                return
            }
            switch state.value.reloader.read(force: forced) {
            case .done(let update, let empty):
                decide(update, empty: empty, forced: forced)
            case .parse(let bytes) where bytes.count <= Self.loopParseLimit:
                take(ParamsReloader.parse(bytes, path: state.value.reloader.path), of: bytes, forced: forced)
            case .parse(let bytes):
                state.value.parsing = true
                // This read is newer than any report waiting to settle (a read that found the
                // file gone mid-save): that report must not be delivered while this parses.
                state.value.generation += 1
                let path = state.value.reloader.path
                NIOThreadPool.singleton.runIfActive(eventLoop: eventLoop) {
                    ParamsReloader.parse(bytes, path: path)
                }.assumeIsolated().whenComplete { [self] result in
                    state.value.parsing = false
                    // The pool only fails when it has stopped: parse here then.
                    take((try? result.get()) ?? ParamsReloader.parse(bytes, path: path), of: bytes, forced: forced)
                    if let waiting = state.value.waiting {
                        state.value.waiting = nil
                        run(forced: waiting)
                    }
                }
            }
        }

        /// The outcome of parsing `bytes`, wherever that ran: the reader takes it in, then
        /// ``decide(_:empty:forced:)``.
        private func take(_ outcome: (update: ParamsUpdate, empty: Bool), of bytes: [UInt8], forced: Bool) {
            state.value.reloader.accept(outcome.update, from: bytes)
            decide(outcome.update, empty: outcome.empty, forced: forced)
        }

        /// Passes `update` on at once, or after ``settle`` if it may be a save half done.
        private func decide(_ update: ParamsUpdate, empty: Bool, forced: Bool) {
            let bytes = state.value.reloader.loadedBytes
            let doubtful: Bool =
                switch update {
                case .failed, .removed: true
                case .loaded: empty
                case .unchanged: false
                }
            if case .unchanged = update {
                // The same bytes again: a report of them waiting to settle stands (it is
                // confirmed); one saying the file could not be read or was gone does not.
                if !state.value.fromContent { state.value.generation += 1 }
                deliver(update, forced, bytes)
                return
            }
            let fromContent: Bool =
                switch update {
                case .failed(let error): error.kind != .unreadable && error.kind != .missing
                case .loaded: true
                default: false
                }
            state.value.generation += 1
            state.value.fromContent = doubtful && fromContent
            let mine = state.value.generation
            guard doubtful else {
                deliver(update, forced, bytes)
                return
            }
            eventLoop.assumeIsolated().scheduleTask(in: Self.settle) { [self] in
                if state.value.generation == mine { deliver(update, forced, bytes) }
            }
        }
    }

    func run() async throws {
        let reload = self.reload
        let onChange: @Sendable (InotifyWatcher.Change) -> Void = { reload.request(forced: false, ifGone: $0 == .gone) }
        let watcher = try startInotify(onChange: onChange)
        let poller = choice.polls ? FilePoller(path: path, onChange: onChange) : nil
        if choice.polls {
            logger.info(
                "watching \(path) for changes: \(watcher == nil ? "" : "inotify and ")a look every \(choice.info.intervalMilliseconds ?? 0) ms (\(choice.reason))"
            )
        } else {
            logger.info("watching \(path) for changes: inotify (\(choice.reason))")
        }
        let hangups = Self.waitForHangups { [path, logger] in
            logger.info("SIGHUP: reloading \(path)")
            reload.request(forced: true)
        }
        try? await gracefulShutdown()
        // The threads end here, so nothing reloads while the daemon shuts down.
        hangups.stop()
        watcher?.stop()
        poller?.stop()
        logger.info("stopped watching \(path)")
    }

    /// The inotify watcher, unless the choice is to poll alone. When it cannot start, polling
    /// goes on alone if the choice polls (it still sees every save); otherwise the daemon stops.
    func startInotify(onChange: @escaping @Sendable (InotifyWatcher.Change) -> Void) throws -> InotifyWatcher? {
        guard choice.inotify else { return nil }
        do {
            return try InotifyWatcher(path: path, onChange: onChange)
        } catch {
            guard choice.polls else { throw error }
            logger.warning("\(error.message); polling \(path) alone")
            return nil
        }
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
        return StoppableThread(
            name: "cstack-sighup",
            prepare: {
                var blocked = signals
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
            },
            body: { thread in
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
            })
    }
}
