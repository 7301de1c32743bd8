import Foundation
import Synchronization
import Testing

@testable import CardStackFiles

/// The watcher's thread and its inotify instance end with ``InotifyWatcher/stop()``, and a
/// new watcher works after it (libinotifytools' one hidden instance is closed and opened again).
@Suite(.serialized) struct InotifyWatcherTests {
    /// How many changes the watcher reported.
    final class Seen: Sendable {
        let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }
        func add() { count.add(1, ordering: .relaxed) }
    }

    /// Threads of this process with the given name, as the kernel has it (`comm`, which
    /// keeps at most 15 bytes: a longer name never gets there).
    func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }

    /// Whether `condition` holds within five seconds (checked every millisecond).
    func within5s(_ condition: () -> Bool) -> Bool {
        for _ in 0..<5000 {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    /// Open descriptors of this process that are inotify instances.
    func inotifyDescriptors() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == "anon_inode:inotify"
        }.count
    }

    /// Saves `text` the way editors do (a new file renamed over the old one) until `seen`
    /// counts a change; false when five seconds pass first.
    func saveUntilSeen(_ text: String, to path: String, seen: Seen, before: Int) -> Bool {
        for _ in 0..<50 {
            FileManager.default.createFile(atPath: path + ".new", contents: Data(text.utf8))
            rename(path + ".new", path)
            usleep(100_000)
            if seen.value > before { return true }
        }
        return false
    }

    @Test func stopEndsTheThreadAndClosesTheInstance() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "watcher-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cardstack.toml").path
        FileManager.default.createFile(atPath: path, contents: Data("[stack]\n".utf8))
        // No other test of this process starts a watcher.
        #expect(threads(named: "cstack-inotify") == 0)
        let descriptorsBefore = inotifyDescriptors()

        for round in 0..<2 {
            let seen = Seen()
            let watcher = try InotifyWatcher(path: path) { _ in seen.add() }
            #expect(
                saveUntilSeen("[stack]\nspacing = \(round + 20)\n", to: path, seen: seen, before: 0), "round \(round)")
            // The watcher's one thread, under its own name.
            #expect(threads(named: "cstack-inotify") == 1, "round \(round)")
            #expect(inotifyDescriptors() == descriptorsBefore + 1)
            watcher.stop()
            // stop() returns when the body has; the thread itself ends a moment later.
            #expect(within5s { threads(named: "cstack-inotify") == 0 }, "round \(round): the thread is still there")
            #expect(inotifyDescriptors() == descriptorsBefore)
            // Nothing more is reported once stopped: no thread is left to report it.
            let after = seen.value
            rename(path, path + ".moved")
            rename(path + ".moved", path)
            #expect(seen.value == after)
            watcher.stop()  // a second stop does nothing
        }
    }
}
