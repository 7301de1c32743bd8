import CardStackFiles
import CardStackFit

#if canImport(Glibc)
    import Glibc
#endif

extension FitCommand {
    /// Ends `cardstack fit` with an error once `seconds` have passed (`--time-limit`, as
    /// `render`'s): a thread of its own sleeps until then, says so on standard error and
    /// exits 1. ffmpeg and ffprobe, run through `setpriv --pdeathsig`, die with it.
    static func limitTime(_ seconds: Double) {
        PosixThread.start(name: "cstack-fit-time") {
            var left = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            var rest = timespec()
            while nanosleep(&left, &rest) != 0, errno == EINTR { left = rest }
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            let message =
                "cardstack: fit ran past its time limit of \(shown) s and was stopped: give a shorter clip, "
                + "mark the point with --mark, or raise --time-limit\n"
            _ = Array(message.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            _exit(1)
        }
    }
}
