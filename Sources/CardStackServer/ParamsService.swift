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
/// tree and the events are built on the CPU that sends them (docs/performance.md's save → event
/// section). A file larger than a parameter file needs (``ReloadRules/loopParseLimit``) is
/// parsed on NIO's blocking pool instead, so a hostile one cannot hold up the frames.
///
/// What counts as a change, when the file is gone, and which read waits 100 ms for a newer
/// one are ``ReloadRules``' (a plain value); ``Reload`` only carries out its actions.
struct ParamsService: Service {
    let path: String
    let reload: Reload
    /// inotify, polling or both (``WatchChoice``), decided at start.
    let choice: WatchChoice
    let logger: Logger

    /// The driver of ``ReloadRules`` on the hub's event loop: it reads, parses (off the loop
    /// when the rules say so), arms the settle timer and delivers, as the rules' actions ask.
    final class Reload: Sendable {
        /// How long a doubtful read waits for a newer one: 100 ms. `CARDSTACKD_SETTLE_MS`
        /// sets another, for tests whose writer must finish inside it on a busy machine.
        static let settle = TimeAmount.milliseconds(
            ProcessInfo.processInfo.environment["CARDSTACKD_SETTLE_MS"].flatMap(Int64.init).map { max(0, $0) } ?? 100)
        let path: String
        let files: any ParamsFileReading
        let rules: NIOLoopBoundBox<ReloadRules>
        let deliver: @Sendable (ParamsUpdate, _ forced: Bool, _ loadedBytes: [UInt8]?) -> Void
        let eventLoop: any EventLoop

        /// - Parameter deliver: called on `eventLoop` with each update to pass on.
        init(
            path: String, rules: ReloadRules, files: any ParamsFileReading = DiskParamsFiles(),
            on eventLoop: any EventLoop, deliver: @escaping @Sendable (ParamsUpdate, Bool, [UInt8]?) -> Void
        ) {
            self.path = path
            self.files = files
            self.rules = NIOLoopBoundBox.makeBoxSendingValue(rules, eventLoop: eventLoop)
            self.eventLoop = eventLoop
            self.deliver = deliver
        }

        /// Asks for a look at the file, from any thread: it happens on the loop.
        func request(forced: Bool, ifGone: Bool = false) {
            eventLoop.execute { self.perform(self.rules.value.notice(forced: forced, ifGone: ifGone)) }
        }

        private func perform(_ actions: [ReloadRules.Action]) {
            for action in actions {
                switch action {
                case .read:
                    perform(rules.value.found(files.look(path)))
                case .parse(let bytes, offLoop: false):
                    perform(rules.value.parsed(ReloadRules.parse(bytes, path: path)))
                case .parse(let bytes, offLoop: true):
                    NIOThreadPool.singleton.runIfActive(eventLoop: eventLoop) { [path] in
                        ReloadRules.parse(bytes, path: path)
                    }.assumeIsolated().whenComplete { [self] result in
                        // The pool only fails when it has stopped: parse here then.
                        perform(rules.value.parsed((try? result.get()) ?? ReloadRules.parse(bytes, path: path)))
                    }
                case .deliver(let update, let forced, let bytes):
                    deliver(update, forced, bytes)
                case .armTimer(let generation):
                    eventLoop.assumeIsolated().scheduleTask(in: Self.settle) { [self] in
                        perform(rules.value.settled(generation))
                    }
                }
            }
        }
    }

    func run() async throws {
        let reload = self.reload
        let onChange: @Sendable (InotifyWatcher.Change) -> Void = { reload.request(forced: false, ifGone: $0 == .gone) }
        let watcher = try startInotify(onChange: onChange)
        let poller = choice.polls ? FilePoller(path: path, onChange: onChange) : nil
        // A save made between the first read and the watches being armed told no one: look
        // once more now (the same bytes change nothing). A file still missing was reported.
        if access(path, F_OK) == 0 { reload.request(forced: false) }
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
