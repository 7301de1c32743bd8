import Testing

@testable import CardStackFiles

/// Polling as a value: which looks count as a change, and when the next look is due.
@Suite struct PollWatchTests {
    static func stamp(inode: UInt64 = 7, size: Int64 = 5, seconds: Int64 = 100, nanoseconds: Int64 = 0) -> FileStamp {
        FileStamp(
            device: 1, inode: inode, size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds,
            kind: 0o100000)
    }

    static let file = FileLook.present(stamp(), head: Array("a = 1".utf8))

    @Test func aStillFileIsLookedAtEveryInterval() {
        var watch = PollWatch(interval: 0.1, quick: 0.02)
        #expect(watch.observe(Self.file, at: 10) == (nil, 10 + 0.1))
        for i in 1...50 {
            let now = 10 + Double(i) * 0.1
            let (change, next) = watch.observe(Self.file, at: now)
            #expect(change == nil && next == now + 0.1)
        }
    }

    @Test(arguments: [
        FileLook.present(stamp(inode: 8), head: Array("a = 1".utf8)),  // renamed into place
        .present(stamp(size: 6), head: Array("a = 1".utf8)),
        .present(stamp(nanoseconds: 1), head: Array("a = 1".utf8)),  // the same second
        .present(stamp(), head: Array("a = 2".utf8)),  // FUSE: the stamp lags, the bytes do not
        .unreadable(13),
    ])
    func anyDifferenceIsNewContent(look: FileLook) {
        var watch = PollWatch(interval: 0.1, quick: 0.02)
        _ = watch.observe(Self.file, at: 0)
        let (change, next) = watch.observe(look, at: 0.1)
        #expect(change == .content)
        // A change is looked at again soon, until a look finds the file as before.
        #expect(abs(next - 0.12) < 1e-12)
        #expect(watch.observe(look, at: 0.12) == (nil, 0.12 + 0.1))
    }

    @Test func goneAndBack() {
        var watch = PollWatch(interval: 0.1, quick: 0.02)
        _ = watch.observe(Self.file, at: 0)
        #expect(watch.observe(.missing, at: 0.1).change == .gone)
        #expect(watch.observe(.missing, at: 0.12).change == nil)
        #expect(watch.observe(Self.file, at: 0.22).change == .content)
    }

    @Test func theFirstLookIsNoChange() {
        var watch = PollWatch()
        #expect(watch.observe(.missing, at: 0).change == nil)
        #expect(watch.interval == WatchChoice.interval)
    }
}
