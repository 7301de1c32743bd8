import Testing

@testable import CardStackViewer

/// `view --replay`'s keys as values: each key's effect on the player, the help and the exit,
/// with no terminal.
@Suite struct ReplayControlsTests {
    func controls() throws -> ReplayControls {
        ReplayControls(player: ReplayPlayer(try ReplayPlayerTests().recording(), now: 100))
    }

    @Test func spacePausesAndPlays() throws {
        var c = try controls()
        #expect(c.apply(.character(" "), now: 100.1) == .carryOn)
        #expect(c.player.paused)
        #expect(c.apply(.character(" "), now: 100.2) == .carryOn)
        #expect(!c.player.paused)
    }

    @Test func stepsPauseAndMoveOneFrame() throws {
        var c = try controls()
        _ = c.apply(.character("."), now: 100)
        #expect(c.player.paused && c.player.state.frame?.frame.offset == 10)
        _ = c.apply(.character(">"), now: 100)
        #expect(c.player.state.frame?.frame.offset == 20)
        _ = c.apply(.character(","), now: 100)
        #expect(c.player.state.frame?.frame.offset == 10)
    }

    @Test func plusAndMinusChangeTheSpeed() throws {
        var c = try controls()
        _ = c.apply(.character("+"), now: 100)
        #expect(c.player.speed == 2)
        _ = c.apply(.character("-"), now: 100)
        _ = c.apply(.character("_"), now: 100)
        #expect(c.player.speed == 0.5)
    }

    @Test func questionMarkTogglesTheHelpAndEscapeHidesIt() throws {
        var c = try controls()
        _ = c.apply(.character("?"), now: 100)
        #expect(c.showHelp)
        _ = c.apply(.escape, now: 100)
        #expect(!c.showHelp)
        // The live viewer's own help is never drawn over a replay.
        #expect(!c.state.showHelp)
    }

    @Test func qAndCtrlCQuitAndCtrlLRedrawsAll() throws {
        var c = try controls()
        #expect(c.apply(.character("q"), now: 100) == .quit)
        #expect(c.apply(.interrupt, now: 100) == .quit)
        #expect(c.apply(.redraw, now: 100) == .redrawAll)
        #expect(c.apply(.character("x"), now: 100) == .carryOn)
    }

    @Test func theStateCarriesThePlayersStatus() throws {
        let c = try controls()
        #expect(c.state.replayStatus == c.player.statusText)
    }
}
