import CardStackFiles
import CardStackParams
import Synchronization
import Testing

/// The reloader's decisions, with its file access given a stand-in (the integration tests
/// edit real files).
@Suite struct ParamsReloaderTests {
    /// A parameter file in memory: nil content means there is none.
    final class Files: ParamsFileReading {
        let content = Mutex<[UInt8]?>(nil)

        func set(_ text: String?) { content.withLock { $0 = text.map { Array($0.utf8) } } }

        func read(_ path: String) throws(ParamsError) -> [UInt8] {
            guard let bytes = content.withLock({ $0 }) else {
                throw ParamsError(.missing, "no file at \(path)", path: path)
            }
            return bytes
        }
    }

    @Test func sameBytesChangeNothingUnlessForced() {
        let files = Files()
        files.set("[layout]\nspacing = 40\n")
        var reloader = ParamsReloader(path: "/p.toml", files: files)
        guard case .loaded(_, let resolved) = reloader.reload(force: false).update else {
            Issue.record("the first read loads")
            return
        }
        #expect(resolved.parameters.layout.spacing == 40)
        #expect(reloader.loadedBytes == Array("[layout]\nspacing = 40\n".utf8))
        #expect(reloader.reload(force: false).update == .unchanged)
        guard case .loaded = reloader.reload(force: true).update else {
            Issue.record("a forced read loads the same bytes again")
            return
        }
    }

    @Test func aMissingFileIsRemovedAndABadOneFailsWithItsPath() {
        let files = Files()
        var reloader = ParamsReloader(path: "/p.toml", files: files)
        #expect(reloader.reload(force: false).update == .removed)
        files.set("[layout]\nspacing = -1\n")
        guard case .failed(let error) = reloader.reload(force: false).update else {
            Issue.record("a negative spacing fails")
            return
        }
        #expect(error.path == "/p.toml")
        #expect(error.key == "layout.spacing")
        #expect(reloader.loadedBytes == nil)
    }

    /// Missing on the first read only, as a path through a swapped `..data` link can be.
    final class OnceMissing: ParamsFileReading {
        let misses = Mutex(1)

        func read(_ path: String) throws(ParamsError) -> [UInt8] {
            let miss = misses.withLock { n in
                defer { n -= 1 }
                return n > 0
            }
            if miss { throw ParamsError(.missing, "no file at \(path)", path: path) }
            return Array("[layout]\nspacing = 41\n".utf8)
        }
    }

    @Test func aReadThatMissesOnceIsTriedAgainBeforeTheFileCountsAsGone() {
        var reloader = ParamsReloader(path: "/p.toml", files: OnceMissing())
        guard case .loaded(_, let resolved) = reloader.reload(force: false).update else {
            Issue.record("the second read finds the file")
            return
        }
        #expect(resolved.parameters.layout.spacing == 41)
    }

    @Test func anEmptyFileSaysSo() {
        let files = Files()
        files.set("")
        var reloader = ParamsReloader(path: "/p.toml", files: files)
        let (update, empty) = reloader.reload(force: false)
        #expect(empty)
        guard case .loaded = update else {
            Issue.record("an empty file is a file of defaults")
            return
        }
    }
}
