import CardStackServer
import Dispatch

/// cardstackd's entry point: the process is set up (``Daemon/prepareProcess()``: SIGHUP
/// blocked, Swift Concurrency on a SwiftNIO loop) before the command, and with it any other
/// thread or task, starts.
@main
enum Entry {
    static func main() {
        Daemon.prepareProcess()
        let finished = DispatchSemaphore(value: 0)
        // Detached: `main` is on the main actor, whose queue this thread never drains.
        Task.detached {
            await CardstackdCommand.main()
            finished.signal()
        }
        finished.wait()
    }
}
