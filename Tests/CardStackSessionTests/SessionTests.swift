import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// Whole sessions driven without a socket: commands, ticks and reloads in, replies and
/// effects out, with the time passed in as a value.
@Suite struct SessionTests {
    /// A session on `toml` (the defaults when empty), loaded at time 0.
    static func session(_ toml: String = "") throws -> Session {
        let (tree, resolved) = try ParamsDocument.load(Array(toml.utf8))
        return Session(version: "test", path: "/tmp/cards.toml", initial: .loaded(tree: tree, resolved: resolved))
    }

    /// Runs every tick the session asks for, each at its due time, until none is scheduled.
    /// Returns every effect the ticks had.
    static func tickToRest(_ session: inout Session, limit: Int = 10_000) -> [Effect] {
        var effects: [Effect] = []
        var count = 0
        while let due = session.tickDue, count < limit {
            effects += session.tick(at: due)
            count += 1
        }
        return effects
    }

    static func join(_ session: inout Session) throws -> ClientID {
        let id = session.join()
        return try #require(id)
    }

    static func frames(_ effects: [Effect]) -> [FrameEvent] {
        effects.compactMap { if case .publishFrame(let event, _) = $0 { event } else { nil } }
    }

    static func ok(_ reply: Result<CommandResult, WireError>?) throws -> CommandResult {
        try #require(reply).get()
    }

    @Test func scrollMovesTheOffsetAndPublishesOneFrame() throws {
        var session = try Self.session("[layout]\nwrap = false\n")
        let client = try Self.join(&session)
        let (reply, effects) = session.apply(.scroll(by: 12), from: client, at: 1)
        #expect(try Self.ok(reply) == .offset(12))
        #expect(Self.frames(effects).map(\.seq) == [1])
        #expect(Self.frames(effects).first?.time == 1)
        #expect(session.offset == 12)
        #expect(session.state(at: 1).offset == 12)
    }

    @Test func flingComesToRestExactlyOnItsSnapPoint() throws {
        var session = try Self.session("[layout]\nwrap = false\ncards = 40\n")
        let client = try Self.join(&session)
        let (reply, effects) = session.apply(.fling(velocity: 900), from: client, at: 0.5)
        guard case .target(let target) = try Self.ok(reply) else {
            Issue.record("fling replies with its target")
            return
        }
        #expect(effects.contains(.publishState))
        #expect(effects.contains { if case .scheduleTick = $0 { true } else { false } })
        #expect(session.isAnimating)
        let ticks = Self.tickToRest(&session)
        #expect(session.tickDue == nil)
        #expect(!session.isAnimating)
        #expect(session.offset == target)
        #expect(target == Layout.snapPoint(target, session.deckParameters))
        // The frames come in order, and the last one says the move has ended.
        let seqs = Self.frames(ticks).map(\.seq)
        #expect(seqs == Array(seqs.sorted()))
        #expect(ticks.last == .publishState)
        #expect(session.state(at: 10).animating == false)
    }

    @Test func ticksAreOneIntervalApart() throws {
        var session = try Self.session()
        let client = try Self.join(&session)
        _ = session.apply(.next(count: 1), from: client, at: 2)
        let first = try #require(session.tickDue)
        #expect(first == 2 + session.tickInterval)
        _ = session.tick(at: first + 0.003)
        #expect(session.tickDue == first + session.tickInterval)
    }

    @Test func aDeckEditWhileAFlingRunsStopsItAndAnimatesTheEdit() throws {
        var session = try Self.session("[layout]\nwrap = false\ncards = 20\n")
        let client = try Self.join(&session)
        _ = session.apply(.fling(velocity: 2000), from: client, at: 0)
        let spacing = session.parameters.layout.spacing
        // Ticks until the fling has the third card (item 2) or a later one in front.
        var due = 0.0
        for _ in 0..<100 where (session.offset / spacing).rounded() < 2 {
            due = try #require(session.tickDue)
            _ = session.tick(at: due)
        }
        #expect(session.isAnimating)
        let before = session.offset
        let front = Int((before / spacing).rounded())
        let fraction = before - Double(front) * spacing
        #expect(front >= 2)
        #expect(fraction != 0)
        let (reply, effects) = session.apply(.edit(.remove(item: 0)), from: client, at: due + 0.01)
        guard case .deck(let cards, let newFront) = try Self.ok(reply) else {
            Issue.record("remove replies with the deck")
            return
        }
        #expect(cards == 19)
        // The card in front stays there, one item lower.
        #expect(newFront == front - 1)
        // The fling's tick goes, the state says so, the edit's first frame and tick follow.
        #expect(effects.prefix(2) == [.cancelTick, .publishState])
        #expect(effects.last == .scheduleTick(at: due + 0.01 + session.tickInterval))
        #expect(session.animation == nil)
        #expect(session.editing != nil)
        _ = Self.tickToRest(&session)
        #expect(session.editing == nil)
        #expect(session.tickDue == nil)
        #expect(session.state(at: 5).cards == 19)
        // The edit keeps the offset's place relative to the front card's snap point: the
        // same fraction away from the new front's snap point, where the fling was stopped.
        #expect(session.offset == Double(front - 1) * spacing + fraction)
    }

    @Test func aReloadDuringAFlingStopsItAndPutsTheFileInForce() throws {
        var session = try Self.session("[layout]\nwrap = false\ncards = 30\n")
        let client = try Self.join(&session)
        _ = session.apply(.subscribe([.frame, .params, .state]), from: client, at: 0)
        _ = session.apply(.fling(velocity: 1500), from: client, at: 0)
        for _ in 0..<3 { _ = session.tick(at: try #require(session.tickDue)) }
        let (tree, resolved) = try ParamsDocument.load(Array("[layout]\nwrap = false\ncards = 30\nspacing = 60\n".utf8))
        let effects = session.load(.loaded(tree: tree, resolved: resolved), bytes: [1, 2, 3], at: 0.2)
        #expect(session.revision == 2)
        #expect(session.parameters.layout.spacing == 60)
        #expect(session.loadedBytes == [1, 2, 3])
        #expect(session.animation == nil)
        // The params event goes out first; the frame is laid out when the driver asks
        // (.layOut), before the state, which names the card in front.
        #expect(
            effects.filter { [.publishParams, .layOut, .publishState].contains($0) } == [
                .publishParams, .layOut, .publishState,
            ])
        #expect(Self.frames(effects).isEmpty)
        let frames = Self.frames(session.layOut(at: 0.2))
        #expect(frames.count == 1)
        #expect(frames.first?.revision == 2)
        #expect(effects.contains(.statusChanged))
        // Whatever tick was scheduled finds nothing left to move.
        _ = Self.tickToRest(&session)
        #expect(session.tickDue == nil)
        #expect(!session.isAnimating)
    }

    @Test func aFailedReloadKeepsTheParametersAndReportsTheError() throws {
        var session = try Self.session("[layout]\nspacing = 40\n")
        let error: ParamsError
        do {
            _ = try ParamsDocument.load(Array("[layout]\nspacing = -1\n".utf8))
            Issue.record("a negative spacing does not load")
            return
        } catch let failure {
            error = failure
        }
        let effects = session.load(.failed(error), at: 1)
        #expect(session.parameters.layout.spacing == 40)
        #expect(session.revision == 1)
        #expect(effects.contains(.publishConfigError(error.configError)))
        #expect(session.configError == error.configError)
    }

    @Test func aClientLeavingMidFrameCountsOnceAndFramesGoOn() throws {
        var session = try Self.session()
        let first = try Self.join(&session)
        let second = try Self.join(&session)
        _ = session.apply(.subscribe([.frame, .state]), from: first, at: 0)
        let (reply, effects) = session.apply(.subscribe([.frame]), from: second, at: 0)
        #expect(try Self.ok(reply) == .events([.frame]))
        #expect(effects == [.sendFrame(to: second)])
        #expect(session.subscribers(of: .frame) == [first, second])
        #expect(session.subscribers(of: .state) == [first])
        _ = session.apply(.next(count: 2), from: first, at: 0)
        _ = session.tick(at: try #require(session.tickDue))
        #expect(session.clientCount == 2)
        #expect(session.leave(second, at: 0.05) == [.publishState, .statusChanged])
        #expect(session.leave(second, at: 0.05) == [])
        #expect(session.subscribers(of: .frame) == [first])
        #expect(session.clientCount == 1)
        let rest = Self.tickToRest(&session)
        #expect(!Self.frames(rest).isEmpty)
        #expect(session.state(at: 1).clients == 1)
    }

    @Test func setUndoRedo() throws {
        var session = try Self.session("[layout]\nspacing = 40\n")
        let client = try Self.join(&session)
        let loaded = session.paramsInfo
        let (set, effects) = session.apply(
            .setParams(.object([("layout", .object([("spacing", .integer(50))]))])), from: client, at: 1)
        guard case .params(let info) = try Self.ok(set) else {
            Issue.record("set_params replies with the params")
            return
        }
        #expect(info.revision == 2)
        #expect(info.params.layout.spacing == 50)
        #expect(info.unsaved == ["layout.spacing"], "the reply is the set in force, unsaved keys included")
        #expect(effects.first == .publishParams)
        #expect(session.paramsInfo.overridden == ["layout.spacing"])
        #expect(session.paramsInfo.unsaved == ["layout.spacing"])
        // Undo puts the loaded set back and redo the set one, each a new revision with
        // source `undo` and nothing overridden; the reply is what get_params then says.
        let (undo, _) = session.apply(.tuning(.undo), from: client, at: 2)
        let undone = ParamsInfo(
            revision: 3, source: .undo, path: loaded.path, params: loaded.params, error: nil, overridden: [])
        #expect(try Self.ok(undo) == .params(undone))
        #expect(session.paramsInfo == undone)
        #expect(session.parameters.layout.spacing == 40)
        // Back to the file's values: nothing unsaved, in the reply as in get_params.
        #expect(session.paramsInfo.unsaved == [])
        let (redo, _) = session.apply(.tuning(.redo), from: client, at: 3)
        let redone = ParamsInfo(
            revision: 4, source: .undo, path: loaded.path, params: info.params, error: nil, overridden: [],
            unsaved: ["layout.spacing"])
        #expect(try Self.ok(redo) == .params(redone))
        #expect(session.paramsInfo == redone)
        #expect(session.parameters.layout.spacing == 50)
        // A save makes the values in force the file's.
        session.recordSave(bytes: Array("[layout]\nspacing = 50\n".utf8), tree: session.fileTree)
        #expect(session.paramsInfo.unsaved == [])
        let (again, _) = session.apply(.tuning(.redo), from: client, at: 4)
        #expect(throws: WireError.self) { try Self.ok(again) }
        // A bad value changes nothing and says where.
        let (bad, none) = session.apply(
            .setParams(.object([("layout", .object([("spacing", .integer(-3))]))])), from: client, at: 5)
        #expect(throws: WireError.self) { try Self.ok(bad) }
        #expect(none.isEmpty)
        var saved = redone
        saved.unsaved = []
        #expect(session.paramsInfo == saved)
    }

    @Test func aPresetPutsItsWholeSetInForce() throws {
        var session = try Self.session("[layout]\nspacing = 40\ncards = 7\n")
        let (tree, resolved) = try ParamsDocument.load(Array("[layout]\nstyle = \"rotary\"\n".utf8))
        let (reply, effects) = session.putInForce(tree: tree, parameters: resolved.parameters, source: .preset, at: 1)
        guard case .params(let info) = reply else {
            Issue.record("preset replies with the params")
            return
        }
        #expect(info.source == .preset)
        #expect(session.parameters.layout.style == .rotary)
        #expect(session.parameters.layout.cards == resolved.parameters.layout.cards)
        #expect(effects.contains(.publishParams))
        // History has both sets; undo goes back to the file's.
        let (history, _) = session.apply(.tuning(.history), from: 0, at: 2)
        guard case .history(let log) = try Self.ok(history) else {
            Issue.record("history replies with the log")
            return
        }
        #expect(log.entries.count == 2)
        _ = session.apply(.tuning(.undo), from: 0, at: 3)
        #expect(session.parameters.layout.spacing == 40)
    }

    @Test func shutdownClosesEveryClientAndStopsTicking() throws {
        var session = try Self.session()
        let a = try Self.join(&session)
        let b = try Self.join(&session)
        _ = session.apply(.next(count: 1), from: a, at: 0)
        let effects = session.shutdown(reason: "bye")
        #expect(effects == [.close(a, reason: "bye"), .close(b, reason: "bye")])
        #expect(session.tickDue == nil)
        #expect(session.join() == nil)
    }
}
