import CardStackFiles
import CardStackParams
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import CardStackServer

#if canImport(Glibc)
    import Glibc
#endif

/// The reload driver on a hand-driven loop and real files: ``ReloadRules``' actions carried
/// out (what is delivered at once, what waits ``ParamsService/Reload/settle`` for a newer
/// read). The rules themselves are tested by hand in `ReloadRulesTests`, with no files.
@Suite struct ReloadTests {
    final class Deliveries: Sendable {
        let updates = Mutex<[(update: ParamsUpdate, forced: Bool)]>([])
        var all: [(update: ParamsUpdate, forced: Bool)] { updates.withLock { $0 } }
        var kinds: [String] { all.map { Self.kind($0.update) } }
        static func kind(_ update: ParamsUpdate) -> String {
            switch update {
            case .loaded: "loaded"
            case .failed: "failed"
            case .removed: "removed"
            case .unchanged: "unchanged"
            }
        }
    }

    final class Fixture {
        let loop = EmbeddedEventLoop()
        let directory: String
        let path: String
        let deliveries = Deliveries()
        let reload: ParamsService.Reload

        init() {
            var template = Array("/tmp/cardstack-reload-XXXXXX".utf8CString)
            directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            path = directory + "/cards.toml"
            let deliveries = self.deliveries
            reload = ParamsService.Reload(path: path, rules: ReloadRules(), on: loop) { update, forced, _ in
                deliveries.updates.withLock { $0.append((update, forced)) }
            }
        }

        deinit {
            unlink(path)
            rmdir(directory)
        }

        func write(_ text: String) {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            precondition(fd >= 0)
            _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }

        func remove() { unlink(path) }

        /// A look at the file, as the watcher or SIGHUP asks for one, run on the loop.
        func look(forced: Bool = false, ifGone: Bool = false) {
            reload.request(forced: forced, ifGone: ifGone)
            loop.run()
        }

        func wait(_ amount: TimeAmount) { loop.advanceTime(by: amount) }
    }

    static let justUnderSettle = ParamsService.Reload.settle - .milliseconds(1)

    @Test func aGoodSaveIsDeliveredAtOnceAndTheSameBytesAgainAsUnchanged() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        #expect(fixture.deliveries.kinds == ["loaded"])
        fixture.look()
        #expect(fixture.deliveries.kinds == ["loaded", "unchanged"])
    }

    @Test func sighupParsesTheSameBytesAgainAndSaysItWasForced() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.look(forced: true)
        #expect(fixture.deliveries.kinds == ["loaded", "loaded"])
        #expect(fixture.deliveries.all.map(\.forced) == [false, true])
    }

    @Test func aFileGoneWaitsTheSettleAndAGoodReadMeanwhileCancelsIt() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.remove()
        fixture.look()
        fixture.wait(Self.justUnderSettle)
        #expect(fixture.deliveries.kinds == ["loaded"])
        fixture.write("[layout]\nspacing = 41\n")
        fixture.look()
        #expect(fixture.deliveries.kinds == ["loaded", "loaded"])
        fixture.wait(ParamsService.Reload.settle)
        #expect(fixture.deliveries.kinds == ["loaded", "loaded"])
    }

    @Test func aFileGoneIsReportedWhenNothingNewerComesWithinTheSettle() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.remove()
        fixture.look()
        fixture.wait(Self.justUnderSettle)
        #expect(fixture.deliveries.kinds == ["loaded"])
        fixture.wait(.milliseconds(1))
        #expect(fixture.deliveries.kinds == ["loaded", "removed"])
    }

    @Test func aFileBackWithTheSameBytesCancelsTheGoneReport() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.remove()
        fixture.look()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.wait(ParamsService.Reload.settle)
        #expect(fixture.deliveries.kinds == ["loaded", "unchanged"])
    }

    @Test func aParseErrorWaitsTheSettleAndTheSameBytesAgainConfirmIt() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.write("[layout]\nspacing = \n")
        fixture.look()
        #expect(fixture.deliveries.kinds == ["loaded"])
        // The writer's close brings a second look at the same bytes: the error stands.
        fixture.look()
        #expect(fixture.deliveries.kinds == ["loaded", "unchanged"])
        fixture.wait(ParamsService.Reload.settle)
        #expect(fixture.deliveries.kinds == ["loaded", "unchanged", "failed"])
    }

    @Test func anEmptyFileIsDoubtfulAndTheFullSaveAfterItWins() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        // A truncate and write, seen between the two.
        fixture.write("")
        fixture.look()
        fixture.write("[layout]\nspacing = 42\n")
        fixture.look()
        fixture.wait(ParamsService.Reload.settle)
        #expect(fixture.deliveries.kinds == ["loaded", "loaded"])
        guard case .loaded(_, let resolved) = fixture.deliveries.all.last?.update else {
            Issue.record("the last delivery is not a load")
            return
        }
        #expect(resolved.parameters.layout.spacing == 42)
    }

    @Test func aLookAskedForBecauseTheFileWentIsSkippedWhenAFileIsThere() {
        let fixture = Fixture()
        fixture.write("[layout]\nspacing = 40\n")
        fixture.look()
        fixture.write("[layout]\nspacing = 41\n")
        fixture.look(ifGone: true)
        #expect(fixture.deliveries.kinds == ["loaded"])
        fixture.remove()
        fixture.look(ifGone: true)
        fixture.wait(ParamsService.Reload.settle)
        #expect(fixture.deliveries.kinds == ["loaded", "removed"])
    }
}
