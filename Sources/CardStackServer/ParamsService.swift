import CardStackParams
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Reloads the parameter file on every save (libinotifytools) and on SIGHUP, and hands
/// each real change to the hub. Identical content changes nothing.
///
/// A read that fails, finds the file gone, or finds it empty waits 100 ms before it counts:
/// if another event arrives meanwhile, the file was still being written (a truncate and
/// write, vim's rename dance) and only the newer read matters.
struct ParamsService: Service {
    enum Trigger: Sendable, Equatable {
        case file(WatchEvent)
        case hangup
    }

    let path: String
    let reloader: ParamsReloader
    let deliver: @Sendable (ParamsUpdate, _ forced: Bool) -> Void
    let logger: Logger
    static let settle = Duration.milliseconds(100)

    func run() async throws {
        let (triggers, continuation) = AsyncStream.makeStream(of: Trigger.self)
        let seen = TriggerCount()
        // SIGHUP was ignored at start-up; trapping it here replaces that.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        _ = try InotifyWatcher(path: path) { event in
            seen.value.add(1, ordering: .relaxed)
            continuation.yield(.file(event))
        }
        logger.info("watching \(path) for changes")
        var reloader = self.reloader
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    for await _ in hangups.cancelOnGracefulShutdown() {
                        seen.value.add(1, ordering: .relaxed)
                        continuation.yield(.hangup)
                    }
                }
                for await trigger in triggers.cancelOnGracefulShutdown() {
                    let mark = seen.value.load(ordering: .relaxed)
                    let forced = trigger == .hangup
                    if forced { logger.info("SIGHUP: reloading \(path)") }
                    let (update, empty) = reloader.reload(force: forced)
                    switch update {
                    case .failed, .removed:
                        if await superseded(since: mark, seen) { continue }
                    case .loaded where empty:
                        if await superseded(since: mark, seen) { continue }
                    default:
                        break
                    }
                    deliver(update, forced)
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
    }

    /// Waits a moment and says whether another trigger came in meanwhile.
    private func superseded(since mark: Int, _ seen: TriggerCount) async -> Bool {
        try? await Task.sleep(for: Self.settle)
        return seen.value.load(ordering: .relaxed) != mark
    }
}

/// How many triggers have arrived, shared by the watcher thread and the reload loop.
final class TriggerCount: Sendable {
    let value = Atomic<Int>(0)
}
