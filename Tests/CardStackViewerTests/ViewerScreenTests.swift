import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackViewer

@Suite struct ViewerScreenTests {
    func frame(_ seq: Int, offset: Double = 0, revision: Int = 1) -> ServerMessage {
        var f = Fixtures.twoCards
        f.offset = offset
        return .frame(FrameEvent(seq: seq, revision: revision, frame: f))
    }

    func params(revision: Int, spacing: Double = 30, error: ConfigError? = nil) -> ServerMessage {
        var p = Parameters()
        p.layout.spacing = spacing
        return .params(ParamsInfo(revision: revision, source: .file, path: "/p.toml", params: p, error: error))
    }

    /// The whole screen in monochrome: title row, card outlines (the same quads as the
    /// rasteriser's golden test, two pixels a cell) with titles, and both status lines.
    @Test func monochromeGolden() {
        var state = ViewerState()
        state.receive(params(revision: 1), now: 0)
        state.receive(frame(1), now: 0)
        let screen = ViewerScreen(mode: .monochrome).compose(state, columns: 24, rows: 8, now: 0.5)
        #expect(
            screen.text == [
                "cardstack view          ",
                "    ▄▄▄▄▄▄▄▄            ",
                "    █   1 ▄█▄▄▄▄▄▄      ",
                "    █    ▄▀   2  ▀▄     ",
                "    ▀▀▀▀▀█        █     ",
                "        ▀▀▀▀▀▀▀▀▀▀▀▀    ",
                "stack · spacing 30 · sca",
                "rev 1 · offset 0.0 · fro",
            ])
    }

    @Test func framesPerSecondAndSkips() {
        var state = ViewerState()
        for (seq, t) in [(1, 0.1), (2, 0.2), (5, 0.3), (6, 0.4)] { state.receive(frame(seq), now: t) }
        #expect(state.skipped == 2)
        // A rate over the last half second: four frames 0.1 s apart are 10 fps.
        #expect(state.framesPerSecond(now: 0.5) == 10)
        #expect(state.framesPerSecond(now: 0.75) == 10)  // 0.3 and 0.4 left in the window
        #expect(state.framesPerSecond(now: 0.85) == 2)  // one frame in half a second
        #expect(state.framesPerSecond(now: 1.25) == 0)
        state.connectionOpened()
        state.receive(frame(0), now: 2)
        #expect(state.skipped == 2)
    }

    /// A config error shows as a banner with file:line:column, and goes when parameters
    /// without an error arrive.
    @Test func configErrorBanner() {
        var state = ViewerState()
        state.receive(params(revision: 1), now: 0)
        state.receive(
            .configError(
                ConfigError(
                    path: "/p.toml", line: 3, column: 11, key: "layout.spacing", message: "layout.spacing must be > 0")),
            now: 1)
        let screen = ViewerScreen(mode: .monochrome)
        #expect(
            screen.compose(state, columns: 60, rows: 8, now: 1).text[0].hasPrefix(
                "config error: /p.toml:3:11: layout.spacing must be > 0"))
        #expect(screen.compose(state, columns: 60, rows: 8, now: 1)[0, 0].attributes == [.bold, .reverse])
        state.receive(params(revision: 2, spacing: 40), now: 2)
        #expect(screen.compose(state, columns: 60, rows: 8, now: 2).text[0].hasPrefix("cardstack view"))
        let status = screen.compose(state, columns: 80, rows: 8, now: 2)
        #expect(status.text[6].hasPrefix("stack · spacing 40 ·"))
        #expect(status[6, 8].attributes == .reverse)
        #expect(status[6, 0].attributes == [])
    }

    @Test func refusedCommandAndDaemonGone() {
        var state = ViewerState()
        state.receive(.reply(Reply(id: .string("view-key"), error: WireError(.invalidArgument, "no"))), now: 0)
        state.connected = false
        let text = ViewerScreen(mode: .monochrome).compose(state, columns: 80, rows: 8, now: 1).text
        #expect(text[0].hasPrefix("daemon gone: reconnecting…"))
        #expect(text[7].hasPrefix("rev – · offset – · front – · 0 fps · skipped 0 · error: invalid_argument: no"))
        #expect(
            ViewerScreen(mode: .monochrome).compose(state, columns: 80, rows: 8, now: 6).text[7].contains("error")
                == false)
    }

    @Test func tooSmall() {
        let text = ViewerScreen(mode: .trueColor).compose(ViewerState(), columns: 19, rows: 8, now: 0).text
        #expect(text[0].hasPrefix("terminal too small"))
    }
}
