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
