#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to its end, within a time limit: the bridge's reference routes (`ffmpeg`
/// decoding a reference, `cardstack fit`) and `cardstack fit`'s clip reader (`ffprobe`,
/// `ffmpeg`). Its standard output and the end of its standard error are kept in unnamed files
/// in `$TMPDIR` (or /tmp), never in a pipe that could fill. The child gets an empty signal
/// mask and default signal actions (the bridge's threads block most signals) and /dev/null as
/// its input. Every child dies with the thread that waits for it (the program, however it
/// ends) and may be given a memory bound (ChildProcess+Bounds.swift); with a
/// ``ChildRegistry`` it is registered before it starts, so a program that is stopping can
/// kill it.
public struct ChildProcess {
    /// How the program ended and what it wrote.
    public struct Outcome: Sendable {
        /// The exit status, or nil when a signal ended it (or the time limit did).
        public var status: Int32?
        public var output: [UInt8]
        public var errors: [UInt8]
        public var timedOut: Bool
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The program is not on `PATH` (the caller knows which package to name).
        public var notFound = false
    }

    /// The scratch directory: `$TMPDIR` when set, else /tmp.
    public static var scratch: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        let path = String(cString: value)
        return path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    /// Runs `arguments` (the first is looked up on `PATH` unless it holds a slash), waiting at
    /// most `seconds`; past that the child is killed. At most `keep` bytes of each output are
    /// kept (standard error's last ones). `memory` bounds its address space in bytes
    /// (RLIMIT_AS); `registry` knows it from before it starts until it is reaped.
    public static func run(
        _ arguments: [String], seconds: Double, keep: Int = 1 << 20, memory: Int? = nil,
        registry: ChildRegistry? = nil
    ) throws(Failure) -> Outcome {
        let command = try bounded(arguments, memory: memory)
        let output = try scratchFile()
        defer { close(output) }
        let errors = try scratchFile()
        defer { close(errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid = pid_t()
        var spawned: Int32 = 0
        let spawn: () -> pid_t? = {
            spawned = posix_spawn(&pid, command[0], &actions, &attributes, &argv, environ)
            return spawned == 0 ? pid : nil
        }
        if let registry {
            do {
                _ = try registry.start(spawn)
            } catch {
                throw Failure(description: "cannot run \(arguments[0]): \(error)")
            }
        } else {
            _ = spawn()
        }
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        defer { registry?.finished(pid) }
        var status: Int32 = 0
        var timedOut = false
        let deadline = now() + seconds
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR { break }
            if done == 0, now() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                timedOut = true
                break
            }
            if done == 0 { usleep(5000) }
        }
        let exited = !timedOut && status & 0x7F == 0
        return Outcome(
            status: exited ? (status >> 8) & 0xFF : nil, output: read(output, first: keep),
            errors: read(errors, last: keep), timedOut: timedOut)
    }

    /// The last non-empty lines of `errors` (at most `count`), joined by "; ".
    public static func lastLines(_ errors: [UInt8], count: Int = 1, dropping skip: (Substring) -> Bool = { _ in false })
        -> String
    {
        let lines = String(decoding: errors, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty && !skip($0) }
        return lines.suffix(count).joined(separator: "; ")
    }

    /// The monotonic clock, seconds.
    public static func monotonicNow() -> Double { now() }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// An unnamed file in the scratch directory, above the descriptors a child is given and
    /// closed on exec.
    private static func scratchFile() throws(Failure) -> Int32 {
        let scratch = Self.scratch
        var template = Array("\(scratch)/cardstack-child-XXXXXX".utf8CString)
        let made = mkstemp(&template)
        guard made >= 0 else {
            throw Failure(description: "cannot make a file in \(scratch): \(String(cString: strerror(errno)))")
        }
        unlink(template)
        let fd = fcntl(made, F_DUPFD_CLOEXEC, 10)
        close(made)
        guard fd >= 0 else { throw Failure(description: "cannot make a file in \(scratch)") }
        return fd
    }

    private static func read(_ fd: Int32, first: Int) -> [UInt8] {
        let size = Int(lseek(fd, 0, SEEK_END))
        var bytes = [UInt8](repeating: 0, count: max(0, min(size, first)))
        let n = pread(fd, &bytes, bytes.count, 0)
        return Array(bytes.prefix(max(n, 0)))
    }

    private static func read(_ fd: Int32, last: Int) -> [UInt8] {
        let size = Int(lseek(fd, 0, SEEK_END))
        let count = max(0, min(size, last))
        var bytes = [UInt8](repeating: 0, count: count)
        let n = pread(fd, &bytes, count, off_t(size - count))
        return Array(bytes.prefix(max(n, 0)))
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
