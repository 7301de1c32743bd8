import CardStackSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Follows the directories of the image files `card.images` names, so saving one of them
/// changes the look (docs/parameters.md, "The look"). An inotify instance of its own (not
/// libinotifytools', which is the parameter file's ``InotifyWatcher``'s alone) and a
/// thread that blocks reading it; any file written, moved or removed in a followed
/// directory calls `onChange`, and the caller checks the files again.
public final class LookImageWatcher: Sendable {
    let descriptor: Int32
    /// Watch descriptors by directory.
    let watches = Mutex<[String: Int32]>([:])
    let thread: StoppableThread

    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    public init?(onChange: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
        thread = StoppableThread(
            name: "cstack-images",
            prepare: {
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                sigaddset(&unblocked, StoppableThread.wakeSignal)
                pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            },
            body: { thread in
                var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                while !thread.isStopping {
                    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                    if n > 0 { onChange() }
                }
            })
    }

    /// Follows exactly `directories` (missing ones are skipped).
    public func follow(_ directories: Set<String>) {
        watches.withLock { watched in
            for (directory, wd) in watched where !directories.contains(directory) {
                inotify_rm_watch(descriptor, wd)
                watched[directory] = nil
            }
            for directory in directories where watched[directory] == nil {
                let wd = inotify_add_watch(descriptor, directory, Self.mask)
                if wd >= 0 { watched[directory] = wd }
            }
        }
    }

    /// Ends the thread and closes the instance. Calling it again does nothing.
    public func stop() {
        thread.stop()
        watches.withLock { watched in
            if watched[""] == nil {
                close(descriptor)
                watched = ["": -1]
            }
        }
    }
}

/// The state of the images `card.images` names, as the daemon last checked them: which
/// directories to follow and what is wrong with which file.
public struct LookImageCheck: Sendable, Equatable {
    public var directories: Set<String> = []
    /// One sentence per problem, naming the key, the file and the reason.
    public var problems: [String] = []

    public init() {}

    /// Checks every file `patterns` name (relative to `directory`) by its header alone:
    /// at most ``LookImageFile/headerBytes`` read per file, nothing decoded.
    public init(patterns: [String], relativeTo directory: String) {
        for pattern in patterns {
            let full = pattern.hasPrefix("/") ? pattern : directory + "/" + pattern
            if let slash = full.lastIndex(of: "/") {
                directories.insert(slash == full.startIndex ? "/" : String(full[..<slash]))
            }
        }
        switch LookImageFile.resolve(patterns, relativeTo: directory) {
        case .failure(let problem):
            problems.append("card.images: \(problem)")
        case .success(let files):
            for file in files {
                if case .failure(let problem) = LookImageFile.checkHeader(file) {
                    problems.append("card.images: \(problem)")
                }
            }
        }
    }
}
