import Foundation
import Testing

@testable import CardStackFiles

/// Which saves leave the watch plan as it is (``WatchPlan/holds(afterChangeTo:in:)``): only
/// a change to the file itself on a path without symlinks, while it is no symlink.
@Suite struct WatchPlanTests {
    func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("watchplan-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The real path: the plan is in real directories.
        return url.resolvingSymlinksInPath().path
    }

    @Test func aPlainFileHoldsUntilASymlinkTakesItsPlace() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/cardstack.toml"
        FileManager.default.createFile(atPath: file, contents: Data("a = 1\n".utf8))
        let plan = WatchPlan.resolve(file, workingDirectory: "/")
        #expect(plan.direct == WatchPlan.Entry(directory: dir, name: "cardstack.toml"))
        #expect(plan.entries == [WatchPlan.Entry(directory: dir, name: "cardstack.toml")])
        #expect(plan.holds(afterChangeTo: "cardstack.toml", in: dir))
        #expect(!plan.holds(afterChangeTo: "other.toml", in: dir))
        // Gone: the same plan would come back (the file's name in the same directory).
        try FileManager.default.removeItem(atPath: file)
        #expect(plan.holds(afterChangeTo: "cardstack.toml", in: dir))
        #expect(WatchPlan.resolve(file, workingDirectory: "/").entries == plan.entries)
        // A symlink in its place points somewhere else: resolve again.
        FileManager.default.createFile(atPath: dir + "/real.toml", contents: Data("a = 2\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: dir + "/real.toml")
        #expect(!plan.holds(afterChangeTo: "cardstack.toml", in: dir))
        let linked = WatchPlan.resolve(file, workingDirectory: "/")
        #expect(linked.direct == nil && linked.entries.count == 2)
        #expect(!linked.holds(afterChangeTo: "cardstack.toml", in: dir))
        #expect(!linked.holds(afterChangeTo: "real.toml", in: dir))
    }

    @Test func aPathThroughASymlinkOrAMissingDirectoryNeverHolds() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/v1", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/v1/cardstack.toml", contents: Data("a = 1\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir + "/data", withDestinationPath: "v1")
        let viaLink = WatchPlan.resolve(dir + "/data/cardstack.toml", workingDirectory: "/")
        #expect(viaLink.direct == nil)
        #expect(!viaLink.holds(afterChangeTo: "cardstack.toml", in: dir + "/v1"))
        let missing = WatchPlan.resolve(dir + "/not-yet/cardstack.toml", workingDirectory: "/")
        #expect(missing.direct == nil && missing.entries == [WatchPlan.Entry(directory: dir, name: "not-yet")])
        #expect(!missing.holds(afterChangeTo: "not-yet", in: dir))
        // A relative path resolves from the working directory to the same direct entry.
        let relative = WatchPlan.resolve("v1/./cardstack.toml", workingDirectory: dir)
        #expect(relative.direct == WatchPlan.Entry(directory: dir + "/v1", name: "cardstack.toml"))
    }
}
