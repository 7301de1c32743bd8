import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// The parameter file removed and back, as the session takes it (docs/saving.md): when it
/// counts as gone is ``ReloadRules``' (CardStackFiles); what the session then does is here,
/// with no file: the revision and the parameters stay, the removal is published, the error
/// in force before comes back with the same bytes, new bytes load, and a move runs on.
@Suite struct SessionFileRemovalTests {
    static let path = "/tmp/cards.toml"

    static func loaded(_ toml: String) throws -> ParamsUpdate {
        let (tree, resolved) = try ParamsDocument.load(Array(toml.utf8))
        return .loaded(tree: tree, resolved: resolved)
    }

    static func failed(_ toml: String) throws -> (ParamsUpdate, ConfigError) {
        do {
            _ = try ParamsDocument.load(Array(toml.utf8))
        } catch {
            return (.failed(error), error.configError)
        }
        throw SessionTestError.loaded(toml)
    }

    enum SessionTestError: Error { case loaded(String) }

    @Test func removedKeepsTheRevisionAndParametersAndPublishesTheRemoval() throws {
        var session = try SessionTests.session("[layout]\nspacing = 40\n")
        let before = (session.revision, session.parameters)
        let effects = session.load(.removed, at: 1)
        let gone = ConfigError.fileRemoved(Self.path)
        #expect(session.configError == gone)
        #expect(session.revision == before.0)
        #expect(session.parameters == before.1)
        #expect(effects.contains(.publishConfigError(gone)))
        #expect(effects.contains(.statusChanged))
        #expect(!effects.contains(.publishParams))
        #expect(!effects.contains(.layOut))
    }

    @Test func backWithTheSameBytesPutsBackWhatWasInForceBefore() throws {
        var session = try SessionTests.session("[layout]\nspacing = 40\n")
        _ = session.load(.removed, at: 1)
        let effects = session.load(.unchanged, at: 2)
        #expect(session.configError == nil)
        #expect(effects.contains(.publishParams))
        #expect(effects.contains(.statusChanged))
        #expect(session.revision == 1)
    }

    @Test func backWithTheSameBytesRestoresTheFilesEarlierError() throws {
        var session = try SessionTests.session("[layout]\nspacing = 40\n")
        let (broken, error) = try Self.failed("[layout]\nspacing = -1\n")
        _ = session.load(broken, at: 1)
        #expect(session.configError == error)
        _ = session.load(.removed, at: 2)
        #expect(session.configError == ConfigError.fileRemoved(Self.path))
        let effects = session.load(.unchanged, at: 3)
        #expect(session.configError == error)
        #expect(effects.contains(.publishConfigError(error)))
        #expect(!effects.contains(.publishParams))
        #expect(session.parameters.layout.spacing == 40)
    }

    @Test func backWithNewBytesLoadsThemAsANewRevision() throws {
        var session = try SessionTests.session("[layout]\nspacing = 40\n")
        _ = session.load(.removed, at: 1)
        let effects = session.load(try Self.loaded("[layout]\nspacing = 50\n"), at: 2)
        #expect(session.configError == nil)
        #expect(session.revision == 2)
        #expect(session.parameters.layout.spacing == 50)
        #expect(effects.contains(.publishParams))
        // A second removal and the same bytes again: no error is left behind.
        _ = session.load(.removed, at: 3)
        _ = session.load(.unchanged, at: 4)
        #expect(session.configError == nil)
    }

    @Test func removedWhileASpringRunsLetsTheMoveLandAsIfNothingHappened() throws {
        let toml = "[layout]\nwrap = false\n[animation]\nspring = { duration = 0.5, bounce = 0.3 }\n"
        var moving = try SessionTests.session(toml)
        var still = try SessionTests.session(toml)
        let a = try SessionTests.join(&moving)
        let b = try SessionTests.join(&still)
        _ = moving.apply(.next(count: 1), from: a, at: 1)
        _ = still.apply(.next(count: 1), from: b, at: 1)
        let due = try #require(moving.tickDue)
        _ = moving.tick(at: due)
        _ = still.tick(at: due)
        let effects = moving.load(.removed, at: due + 0.001)
        #expect(!effects.contains(.cancelTick))
        #expect(moving.tickDue == still.tickDue)
        let landed = SessionTests.frames(SessionTests.tickToRest(&moving)).map(\.frame.offset)
        let expected = SessionTests.frames(SessionTests.tickToRest(&still)).map(\.frame.offset)
        #expect(landed == expected)
        #expect(moving.offset == 30)
        #expect(moving.configError == ConfigError.fileRemoved(Self.path))
    }
}
