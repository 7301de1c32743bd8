import CInotifyTools
import CardStackParams

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Watches a parameter file through libinotifytools.
///
/// libinotifytools keeps one hidden, process-wide inotify instance and returns events in
/// static storage, so this type is its only user: one watcher per process, owning one
/// dedicated thread that blocks in `inotifytools_next_event(-1)` (no periodic wake-ups)
/// and copies each event out at once. It watches the *directories* of the file and of every
/// symlink on its way (``WatchPlan``), filters by name, and re-plans after every change, so
/// rename-saving editors, `sed -i`, `cp`, delete-and-recreate and symlink swaps all arrive.
///
/// Only `IN_CLOSE_WRITE` and `IN_MOVED_TO` (and anything but a regular file appearing) count as
/// new content, so a file still being written is never reported; the file (or a link on its
/// way) going away is reported as ``Change/gone``, which counts only if nothing is there when
/// the reader looks.
///
/// ``stop()`` ends the thread (a ``StoppableThread``) and closes libinotifytools' instance.
public final class InotifyWatcher: Sendable {
    public let path: String
    let workingDirectory: String
    let thread: StoppableThread

    /// What an event says of the file.
    public enum Change: Sendable, Equatable {
        /// It may have new content (written, moved in, or something that is not a regular
        /// file appeared), or events were lost.
        case content
        /// It went away. It counts only if nothing is there when the caller looks (a file in
        /// its place is being written and is reported when its writer closes it), so the
        /// caller checks that at the moment it would read.
        case gone
    }

    /// Starts watching `path` and calls `onChange` from the watcher thread whenever the file
    /// may have new content or may be gone (the caller reads it to find out which).
    ///
    /// - Throws: ``ParamsError`` when inotify cannot be set up (for example when the user's
    ///   128 inotify instances are used up).
    public init(path: String, onChange: @escaping @Sendable (Change) -> Void) throws(ParamsError) {
        self.path = path
        self.workingDirectory = FileManager.default.currentDirectoryPath
        guard inotifytools_init(0, 0, 0) != 0 else {
            throw ParamsError(
                .unreadable,
                "cannot start inotify: \(String(cString: strerror(inotifytools_error()))) (fs.inotify.max_user_instances may be used up)"
            )
        }
        let plan = WatchPlan.resolve(path, workingDirectory: workingDirectory)
        var watched: [String: Int32] = [:]
        Self.arm(plan, watched: &watched)
        let armed = watched
        thread = StoppableThread(
            name: "cstack-inotify",
            prepare: {
                // The wake signal must interrupt the wait here, whatever the creating thread blocked.
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                sigaddset(&unblocked, StoppableThread.wakeSignal)
                pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            },
            body: { [path, workingDirectory] thread in
                Self.loop(
                    path: path, workingDirectory: workingDirectory, plan: plan, watched: armed, thread: thread,
                    onChange: onChange)
                inotifytools_cleanup()
            })
    }

    /// Ends the watcher thread and closes the inotify instance; returns once both are done.
    /// No `onChange` call starts after it returns. Calling it again does nothing.
    public func stop() { thread.stop() }

    static let mask = Int32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Adds watches for the plan's directories and drops the ones it no longer needs.
    static func arm(_ plan: WatchPlan, watched: inout [String: Int32]) {
        for directory in plan.directories where watched[directory] == nil {
            if inotifytools_watch_file(directory, mask) != 0 {
                watched[directory] = Int32(inotifytools_wd_from_filename(directory + "/"))
                if watched[directory] == -1 { watched[directory] = Int32(inotifytools_wd_from_filename(directory)) }
            }
        }
        for (directory, wd) in watched where !plan.directories.contains(directory) {
            _ = inotifytools_remove_watch_by_wd(wd)
            watched[directory] = nil
        }
    }

    static func loop(
        path: String, workingDirectory: String, plan initial: WatchPlan, watched initialWatched: [String: Int32],
        thread: StoppableThread, onChange: @Sendable (Change) -> Void
    ) {
        var plan = initial
        var watched = initialWatched
        while !thread.isStopping {
            // nil: interrupted (by ``stop()``) or an error; the loop's condition decides.
            guard let event = inotifytools_next_event(-1) else { continue }
            // Copy everything out of libinotifytools' static storage first.
            let mask = Int32(bitPattern: event.pointee.mask)
            let wd = event.pointee.wd
            let name = String(cString: cardstack_event_name(event))
            let directory = watched.first { $0.value == wd }?.key

            let overflow = mask & Int32(IN_Q_OVERFLOW) != 0
            let watchGone = mask & Int32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
            if watchGone, let directory { watched[directory] = nil }
            let relevant =
                overflow || watchGone || (directory.map { plan.contains(directory: $0, name: name) } ?? false)
            guard relevant else { continue }

            // A file written or moved in is new content: say so first (the reading happens
            // on another thread), then see to the watches.
            let written = !watchGone && directory != nil && mask & Int32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0
            if written { onChange(.content) }
            // Anything but a file written in place may have changed what the path points
            // at: plan and arm again (unless the plan says it still holds).
            if mask & ~Int32(IN_CLOSE_WRITE) != 0,
                watchGone || overflow || !(directory.map { plan.holds(afterChangeTo: name, in: $0) } ?? false)
            {
                plan = WatchPlan.resolve(path, workingDirectory: workingDirectory)
                arm(plan, watched: &watched)
                // Look again now that the new watches are armed: nothing written between
                // the first look and the arming goes unseen.
                if written { onChange(.content) }
            }
            guard !watchGone, let directory else {
                if overflow { onChange(.content) }  // events were lost: look at the file
                continue
            }
            guard !written else { continue }
            let entry = directory == "/" ? "/" + name : directory + "/" + name
            let newContent = mask & Int32(IN_CREATE) != 0 && isNotARegularFile(entry)
            // Whether anything has taken its place (vim's `mv f f~`, then write f) is for the
            // reader to see when it looks: a check here could be out of date by then.
            let gone = mask & Int32(IN_DELETE | IN_MOVED_FROM) != 0
            if newContent {
                onChange(.content)
            } else if gone {
                onChange(.gone)
            }
        }
    }

    /// A symlink or directory (what it points at is complete), or a FIFO or device made in
    /// place (no write will close on it: read now, to refuse it).
    static func isNotARegularFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFREG
    }
}
