import CardStackFiles
import CardStackParams
import Synchronization
import Testing

/// The reload rules fed by hand, as the outbox's are: notices, what each read found, parse
/// outcomes and the settle timer go in, every action is checked. No files, no event loop.
@Suite struct ReloadRulesTests {
    static let good = Array("[layout]\nspacing = 40\n".utf8)
    static let other = Array("[layout]\nspacing = 41\n".utf8)
    static let bad = Array("[layout]\nspacing = \n".utf8)
    static let path = "/p.toml"

    /// A driver that does what the actions ask at once, but the settle timer, which the
    /// test fires: reads come from `file`, parses are real (no state, no files).
    struct Driver {
        var rules = ReloadRules()
        var file: FileRead = .missing
        var delivered: [(update: ParamsUpdate, forced: Bool)] = []
        var timers: [Int] = []

        var kinds: [String] { delivered.map { Self.kind($0.update) } }

        static func kind(_ update: ParamsUpdate) -> String {
            switch update {
            case .loaded: "loaded"
            case .failed: "failed"
            case .removed: "removed"
            case .unchanged: "unchanged"
            }
        }

        mutating func look(forced: Bool = false, ifGone: Bool = false) {
            carry(rules.notice(forced: forced, ifGone: ifGone))
        }

        mutating func fireTimers() {
            let due = timers
            timers = []
            for generation in due { carry(rules.settled(generation)) }
        }

        mutating func carry(_ actions: [ReloadRules.Action]) {
            for action in actions {
                switch action {
                case .read: carry(rules.found(file))
                case .parse(let bytes, _): carry(rules.parsed(ReloadRules.parse(bytes, path: ReloadRulesTests.path)))
                case .deliver(let update, let forced, _): delivered.append((update, forced))
                case .armTimer(let generation): timers.append(generation)
                }
            }
        }
    }

    static func loaded() -> Driver {
        var driver = Driver()
        driver.file = .bytes(good)
        driver.look()
        return driver
    }

    @Test func aNoticeAsksForARead() {
        var rules = ReloadRules()
        #expect(rules.notice(forced: false) == [.read])
        #expect(rules.found(.bytes(Self.good)) == [.parse(Self.good, offLoop: false)])
    }

    @Test func aGoodSaveIsDeliveredAtOnceAndTheSameBytesAgainAsUnchanged() {
        var driver = Self.loaded()
        #expect(driver.kinds == ["loaded"])
        #expect(driver.rules.loadedBytes == Self.good)
        driver.look()
        #expect(driver.kinds == ["loaded", "unchanged"])
        #expect(driver.timers.isEmpty)
    }

    @Test func sighupParsesTheSameBytesAgainAndSaysItWasForced() {
        var driver = Self.loaded()
        driver.look(forced: true)
        #expect(driver.kinds == ["loaded", "loaded"])
        #expect(driver.delivered.map(\.forced) == [false, true])
    }

    @Test func aFileGoneWaitsTheSettleAndAGoodReadMeanwhileCancelsIt() {
        var driver = Self.loaded()
        driver.file = .missing
        driver.look()
        #expect(driver.kinds == ["loaded"])
        #expect(driver.timers.count == 1)
        driver.file = .bytes(Self.other)
        driver.look()
        #expect(driver.kinds == ["loaded", "loaded"])
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "loaded"])
    }

    @Test func aFileGoneIsReportedWhenNothingNewerComesBeforeTheTimer() {
        var driver = Self.loaded()
        driver.file = .missing
        driver.look()
        #expect(driver.kinds == ["loaded"])
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "removed"])
    }

    @Test func aFileBackWithTheSameBytesCancelsTheGoneReport() {
        var driver = Self.loaded()
        driver.file = .missing
        driver.look()
        driver.file = .bytes(Self.good)
        driver.look()
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "unchanged"])
    }

    @Test func aParseErrorWaitsTheSettleAndTheSameBytesAgainConfirmIt() {
        var driver = Self.loaded()
        driver.file = .bytes(Self.bad)
        driver.look()
        #expect(driver.kinds == ["loaded"])
        // The writer's close brings a second look at the same bytes: the error stands.
        driver.look()
        #expect(driver.kinds == ["loaded", "unchanged"])
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "unchanged", "failed"])
        #expect(driver.rules.loadedBytes == Self.good)
    }

    @Test func anUnreadableFileWaitsTheSettleAndTheSameBytesAfterItAreReadAgain() {
        var driver = Self.loaded()
        driver.file = .failed(ParamsError(.unreadable, "permission denied", path: Self.path))
        driver.look()
        #expect(driver.kinds == ["loaded"])
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "failed"])
        // The read failed, so the same bytes as before are new content again.
        driver.file = .bytes(Self.good)
        driver.look()
        #expect(driver.kinds == ["loaded", "failed", "loaded"])
    }

    @Test func anEmptyFileIsDoubtfulAndTheFullSaveAfterItWins() {
        var driver = Self.loaded()
        // A truncate and write, seen between the two.
        driver.file = .bytes([])
        driver.look()
        driver.file = .bytes(Array("[layout]\nspacing = 42\n".utf8))
        driver.look()
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "loaded"])
        guard case .loaded(_, let resolved) = driver.delivered.last?.update else {
            Issue.record("the last delivery is not a load")
            return
        }
        #expect(resolved.parameters.layout.spacing == 42)
    }

    @Test func aNoticeThatTheFileWentCountsOnlyIfNothingIsThere() {
        var driver = Self.loaded()
        driver.file = .bytes(Self.other)
        driver.look(ifGone: true)
        #expect(driver.kinds == ["loaded"])
        #expect(driver.timers.isEmpty)
        driver.file = .failed(ParamsError(.unreadable, "a directory", path: Self.path))
        driver.look(ifGone: true)
        #expect(driver.kinds == ["loaded"])
        driver.file = .missing
        driver.look(ifGone: true)
        driver.fireTimers()
        #expect(driver.kinds == ["loaded", "removed"])
        // The file it skipped is read as new when a notice of content comes.
        driver.file = .bytes(Self.other)
        driver.look()
        #expect(driver.kinds == ["loaded", "removed", "loaded"])
    }

    @Test func aLargeFileIsParsedOffTheLoopAndNoticesMeanwhileWaitForIt() {
        var rules = ReloadRules()
        let large = Array("# \(String(repeating: "x", count: ReloadRules.loopParseLimit))\n".utf8)
        #expect(rules.notice(forced: false) == [.read])
        #expect(rules.found(.bytes(large)) == [.parse(large, offLoop: true)])
        #expect(rules.notice(forced: false, ifGone: true) == [])
        #expect(rules.notice(forced: true) == [])
        let actions = rules.parsed(ReloadRules.parse(large, path: Self.path))
        guard actions.count == 2, case .deliver(.loaded, forced: false, loadedBytes: large) = actions[0] else {
            Issue.record("the parse is delivered first: \(actions)")
            return
        }
        // The waiting notices, merged: forced, and not only for a gone file.
        #expect(actions[1] == .read)
        #expect(rules.found(.bytes(large)) == [.parse(large, offLoop: true)])
    }

    @Test func aTimerOfAnOlderReadDoesNothing() {
        var rules = ReloadRules()
        _ = rules.notice(forced: false)
        #expect(rules.found(.missing) == [.armTimer(generation: 1)])
        _ = rules.notice(forced: false)
        #expect(rules.found(.missing) == [.armTimer(generation: 2)])
        #expect(rules.settled(1) == [])
        #expect(rules.settled(2) == [.deliver(.removed, forced: false, loadedBytes: nil)])
        #expect(rules.settled(2) == [])
    }

    @Test func theFirstLookStartsTheRulesFromWhatItFound() {
        let (update, rules) = ReloadRules.start(with: .bytes(Self.bad), path: Self.path)
        guard case .failed(let error) = update else {
            Issue.record("an empty value fails")
            return
        }
        #expect(error.path == Self.path)
        #expect(rules.loadedBytes == nil)
        var driver = Driver(rules: rules, file: .bytes(Self.bad))
        // The same bad bytes again are unchanged: no second error.
        driver.look()
        #expect(driver.kinds == ["unchanged"])
        #expect(ReloadRules.start(with: .missing, path: Self.path).update == .removed)
    }

    /// A parameter file in memory: nil content means there is none.
    final class Files: ParamsFileReading {
        let content = Mutex<[UInt8]?>(nil)
        let misses = Mutex(0)

        func read(_ path: String) throws(ParamsError) -> [UInt8] {
            let miss = misses.withLock { n in
                defer { n -= 1 }
                return n > 0
            }
            guard !miss, let bytes = content.withLock({ $0 }) else {
                throw ParamsError(.missing, "no file at \(path)", path: path)
            }
            return bytes
        }
    }

    @Test func aReadThatMissesOnceIsTriedAgainBeforeTheFileCountsAsGone() {
        let files = Files()
        files.content.withLock { $0 = Self.other }
        files.misses.withLock { $0 = 1 }
        #expect(files.look(Self.path) == .bytes(Self.other))
        files.misses.withLock { $0 = 2 }
        #expect(files.look(Self.path) == .missing)
    }
}
