import CInotifyTools
import Foundation

/// What the watcher saw happen to the parameter file.
public enum WatchEvent: Sendable, Equatable {
    /// New content may be there: a write was closed, a file or link was moved or linked in.
    case changed
    /// The file (or a link on its way) went away; the parameters in force stay.
    case removed
}

/// Watches a parameter file through libinotifytools.
///
/// libinotifytools keeps one hidden, process-wide inotify instance and returns events in
/// static storage, so this type is its only user: one watcher per process, owning one
/// dedicated thread that blocks in `inotifytools_next_event(-1)` (no periodic wake-ups)
/// and copies each event out at once. It watches the *directories* of the file and of every
/// symlink on its way (``WatchPlan``), filters by name, and re-plans after every change, so
/// rename-saving editors, `sed -i`, `cp`, delete-and-recreate and symlink swaps all arrive.
///
/// Only `IN_CLOSE_WRITE` and `IN_MOVED_TO` (and a symlink or directory appearing) count as
/// new content: a file still being written is never reported.
public final class InotifyWatcher: Sendable {
    public let path: String
    let workingDirectory: String

    /// Starts watching `path` and calls `onEvent` from the watcher thread.
    ///
    /// - Throws: ``ParamsError`` when inotify cannot be set up (for example when the user's
    ///   128 inotify instances are used up).
    public init(path: String, onEvent: @escaping @Sendable (WatchEvent) -> Void) throws(ParamsError) {
        self.path = path
        self.workingDirectory = FileManager.default.currentDirectoryPath
        guard inotifytools_init(0, 0, 0) != 0 else {
            throw ParamsError(
                .unreadable,
                "cannot start inotify: \(String(cString: strerror(inotifytools_error()))) (fs.inotify.max_user_instances may be used up)")
        }
        let plan = WatchPlan.resolve(path, workingDirectory: workingDirectory)
        var watched: [String: Int32] = [:]
        Self.arm(plan, watched: &watched)
        let armed = watched
        let thread = Thread { [path, workingDirectory] in
            Self.loop(path: path, workingDirectory: workingDirectory, plan: plan, watched: armed, onEvent: onEvent)
        }
        thread.name = "cardstack-inotify"
        thread.start()
    }

    static let mask = Int32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

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
        onEvent: @Sendable (WatchEvent) -> Void
    ) {
        var plan = initial
        var watched = initialWatched
        while true {
            guard let event = inotifytools_next_event(-1) else { continue }
            // Copy everything out of libinotifytools' static storage first.
            let mask = Int32(bitPattern: event.pointee.mask)
            let wd = event.pointee.wd
            let name = String(cString: cardstack_event_name(event))
            let directory = watched.first { $0.value == wd }?.key

            if mask & Int32(IN_Q_OVERFLOW) != 0 {
                plan = WatchPlan.resolve(path, workingDirectory: workingDirectory)
                arm(plan, watched: &watched)
                onEvent(.changed)
                continue
            }
            if mask & Int32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                if let directory { watched[directory] = nil }
                plan = WatchPlan.resolve(path, workingDirectory: workingDirectory)
                arm(plan, watched: &watched)
                continue
            }
            guard let directory, plan.contains(directory: directory, name: name) else { continue }

            let fullPath = directory == "/" ? "/" + name : directory + "/" + name
            var info = stat()
            let isLinkOrDirectory = lstat(fullPath, &info) == 0
                && ((info.st_mode & S_IFMT) == S_IFLNK || (info.st_mode & S_IFMT) == S_IFDIR)
            let newContent = mask & Int32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0
                || (mask & Int32(IN_CREATE) != 0 && isLinkOrDirectory)
            let gone = mask & Int32(IN_DELETE | IN_MOVED_FROM) != 0

            plan = WatchPlan.resolve(path, workingDirectory: workingDirectory)
            arm(plan, watched: &watched)
            if newContent {
                onEvent(.changed)
            } else if gone {
                onEvent(.removed)
            }
        }
    }
}
