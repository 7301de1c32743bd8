import Foundation
import Synchronization
import Testing

@testable import CardStackParams

/// The watcher's thread and its inotify instance end with ``InotifyWatcher/stop()``, and a
/// new watcher works after it (libinotifytools' one hidden instance is closed and opened again).
@Suite(.serialized) struct InotifyWatcherTests {
    /// How many changes the watcher reported.
    final class Seen: Sendable {
        let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }
        func add() { count.add(1, ordering: .relaxed) }
    }

    /// Threads of this process with the given name.
    func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }

    /// Open descriptors of this process that are inotify instances.
    func inotifyDescriptors() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == "anon_inode:inotify" }.count
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watcher-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cardstack.toml").path
        FileManager.default.createFile(atPath: path, contents: Data("[stack]\n".utf8))
        let threadsBefore = threads(named: "cardstack-inotify")
        let descriptorsBefore = inotifyDescriptors()

        for round in 0..<2 {
            let seen = Seen()
            let watcher = try InotifyWatcher(path: path) { _ in seen.add() }
            #expect(saveUntilSeen("[stack]\nspacing = \(round + 20)\n", to: path, seen: seen, before: 0), "round \(round)")
            #expect(inotifyDescriptors() == descriptorsBefore + 1)
            watcher.stop()
            #expect(threads(named: "cardstack-inotify") == threadsBefore)
            #expect(inotifyDescriptors() == descriptorsBefore)
            // Nothing more is reported once stopped.
            let after = seen.value
            rename(path, path + ".moved")
            rename(path + ".moved", path)
            usleep(100_000)
            #expect(seen.value == after)
            watcher.stop()  // a second stop does nothing
        }
    }
}
