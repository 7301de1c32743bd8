#if canImport(Glibc)
    import Glibc
#endif

/// Looks at a parameter file on a schedule (``PollWatch``) from a thread of its own, for
/// file systems whose saves inotify does not see (``WatchChoice``). It calls `onChange`
/// as ``InotifyWatcher`` does; the reader decides what the change is.
///
/// A look is an `open`, an `fstat` and one `read` of at most ``PollWatch/headLimit`` bytes;
/// between looks the thread sleeps in `clock_nanosleep`. ``stop()`` ends it.
public final class FilePoller: Sendable {
    public let path: String
    let thread: StoppableThread

    public init(
        path: String, interval: Double = WatchChoice.interval,
        onChange: @escaping @Sendable (InotifyWatcher.Change) -> Void
    ) {
        self.path = path
        thread = StoppableThread(
            name: "cstack-poll",
            prepare: {
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                sigaddset(&unblocked, StoppableThread.wakeSignal)
                pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            },
            body: { thread in
                var watch = PollWatch(interval: interval)
                var buffer = [UInt8](repeating: 0, count: PollWatch.headLimit)
                while !thread.isStopping {
                    let look = Self.look(at: path, buffer: &buffer)
                    let (change, next) = watch.observe(look, at: Self.now())
                    if let change { onChange(change) }
                    Self.sleep(until: next, unless: thread)
                }
            })
    }

    /// Ends the thread; returns once it has. No `onChange` call starts after it returns.
    public func stop() { thread.stop() }

    /// One look at `path`, reading into `buffer` (reused between looks).
    static func look(at path: String, buffer: inout [UInt8]) -> FileLook {
        // O_NONBLOCK: a FIFO put in its place must not hold the thread.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return errno == ENOENT ? .missing : .unreadable(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable(errno) }
        let stamp = FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec),
            kind: UInt32(info.st_mode & S_IFMT))
        guard info.st_mode & S_IFMT == S_IFREG else { return .present(stamp, head: []) }
        var count = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return .unreadable(errno) }
            count = n
            break
        }
        return .present(stamp, head: Array(buffer[0..<count]))
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Sleeps until the monotonic time `deadline`, or until ``stop()`` wakes the thread.
    static func sleep(until deadline: Double, unless thread: StoppableThread) {
        var time = timespec()
        time.tv_sec = Int(deadline.rounded(.down))
        time.tv_nsec = Int((deadline - deadline.rounded(.down)) * 1e9)
        while !thread.isStopping {
            // Returns the error number itself (EINTR when woken), not -1.
            let result = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil)
            if result != EINTR { return }
        }
    }
}
