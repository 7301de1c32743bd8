#if canImport(Glibc)
    import Glibc
#endif

/// A detached POSIX thread with a name: what the daemon's few blocking threads need from
/// Foundation's `Thread`, without linking Foundation (and its internationalisation data)
/// into the binaries.
public enum PosixThread {
    /// Runs `body` on a new detached thread called `name`: Linux keeps at most 15 bytes of a
    /// thread's name, and a longer one would never reach `top -H`, gdb or `/proc/*/task/*/comm`.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        precondition(name.utf8.count <= 15, "a thread name Linux keeps is at most 15 bytes: \(name)")
        let start = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, runThreadStart, start)
        precondition(result == 0, "cannot start the thread \(name): \(String(cString: strerror(result)))")
        pthread_detach(thread)
    }
}

/// What a new thread runs, handed over through `pthread_create`'s argument.
private final class ThreadStart: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    /// Names the calling thread for `top -H` and the like (pthread_setname_np needs
    /// _GNU_SOURCE, which Swift's Glibc does not define; its comm file is the same thing).
    func nameThisThread() {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

private func runThreadStart(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let start = Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue()
    start.nameThisThread()
    start.body()
    return nil
}
