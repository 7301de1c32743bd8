import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The children a program runs and the scratch directories they work in, known before each
/// starts, so that nothing outlives the program: ``close(within:)`` (the bridge's SIGTERM,
/// SIGINT and SIGHUP) refuses new ones, kills the running ones, waits until they are
/// reaped and removes the directories. A directory is registered when it is made and a
/// child while it is spawned, under one lock, so a close never misses one that was about
/// to start.
public final class ChildRegistry: Sendable {
    private struct State {
        var closed = false
        var running: Set<pid_t> = []
        var directories: Set<String> = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Why nothing new may start: the registry was closed.
    public struct Closed: Error, CustomStringConvertible {
        public var description: String { "the program is stopping" }
    }

    /// Runs `spawn` (which starts a child and answers its pid, or nil) with the lock held,
    /// keeping the pid; refused once closed.
    func start(_ spawn: () -> pid_t?) throws(Closed) -> pid_t? {
        let pid: pid_t?? = state.withLock { state in
            guard !state.closed else { return .none }
            let pid = spawn()
            if let pid { state.running.insert(pid) }
            return .some(pid)
        }
        guard let pid else { throw Closed() }
        return pid
    }

    /// `pid` was reaped.
    func finished(_ pid: pid_t) {
        _ = state.withLock { $0.running.remove(pid) }
    }

    /// A new private directory (0700) in `parent` named `prefix` and six random characters,
    /// registered before anything is written in it.
    public func makeDirectory(in parent: String, prefix: String) throws(Closed) -> String? {
        let made: String?? = state.withLock { state in
            guard !state.closed else { return .none }
            var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { return .some(nil) }
            let path = String(
                decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            state.directories.insert(path)
            Self.writeOwner(in: path)
            return .some(path)
        }
        guard let made else { throw Closed() }
        return made
    }

    /// Removes the directories `prefix` names in `parent` that a process of this user made
    /// and can no longer remove: its maker (pid and start time, in the directory's owner
    /// file) is gone, killed by SIGKILL, say. A directory without that file, or whose
    /// maker still runs, is left. Answers the directories removed.
    @discardableResult
    public static func removeLeftovers(in parent: String, prefix: String) -> [String] {
        var removed: [String] = []
        guard let handle = opendir(parent) else { return [] }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            let directory = parent + "/" + name
            var info = stat()
            guard name.hasPrefix(prefix), lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                info.st_uid == getuid(), let owner = readOwner(in: directory), !isRunning(owner)
            else { continue }
            removeTree(directory)
            removed.append(directory)
        }
        return removed
    }

    /// The file in each directory naming its maker: `PID START`, the start time in clock
    /// ticks since boot (/proc/PID/stat's 22nd field), so a pid used again is not taken for it.
    static let ownerFile = ".maker"

    private static func writeOwner(in directory: String) {
        guard let start = startTime(of: getpid()) else { return }
        let fd = open(directory + "/" + ownerFile, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let text = Array("\(getpid()) \(start)\n".utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        Glibc.close(fd)
    }

    private static func readOwner(in directory: String) -> (pid: pid_t, start: String)? {
        guard let bytes = try? InputFile.read(directory + "/" + ownerFile, limit: 64) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0 else { return nil }
        return (pid, String(fields[1]))
    }

    private static func isRunning(_ owner: (pid: pid_t, start: String)) -> Bool {
        startTime(of: owner.pid) == owner.start
    }

    /// The 22nd field of /proc/PID/stat (after the command's closing parenthesis), or nil.
    static func startTime(of pid: pid_t) -> String? {
        guard let bytes = try? InputFile.read("/proc/\(pid)/stat", limit: 4096) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields after the command start at the 3rd (state): the 22nd is index 19.
        return fields.count > 19 ? String(fields[19]) : nil
    }

    /// Removes `directory` (made by ``makeDirectory(in:prefix:)``) and forgets it.
    public func removeDirectory(_ directory: String) {
        _ = state.withLock { $0.directories.remove(directory) }
        Self.removeTree(directory)
    }

    /// Refuses new children and directories, kills the running children (SIGKILL), waits
    /// at most `seconds` for them to be reaped, then removes every registered directory.
    public func close(within seconds: Double = 5) {
        let running = state.withLock { state in
            state.closed = true
            return state.running
        }
        for pid in running { kill(pid, SIGKILL) }
        let deadline = ChildProcess.now() + seconds
        while ChildProcess.now() < deadline, !state.withLock({ $0.running.isEmpty }) { usleep(2000) }
        let directories = state.withLock { state in
            let all = state.directories
            state.directories = []
            return all
        }
        for directory in directories { Self.removeTree(directory) }
    }

    /// The pids running now (for tests).
    public var runningChildren: Set<pid_t> { state.withLock { $0.running } }

    /// Removes `directory` and the files in it (one level: scratch directories hold files).
    public static func removeTree(_ directory: String) {
        if let handle = opendir(directory) {
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != "." && name != ".." { unlink(directory + "/" + name) }
            }
            closedir(handle)
        }
        rmdir(directory)
    }
}
