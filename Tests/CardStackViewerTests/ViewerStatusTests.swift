import CardLayout
import CardStackClient
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackViewer

/// What the panel and the banner say beyond the stack's numbers: where the parameters come
/// from, values from `set`, the edited deck's size, carousel options, and errors that do not
/// fit on one row.
@Suite struct ViewerStatusTests {
    func info(
        _ p: Parameters = Parameters(), source: ParamsSource = .file, path: String? = "/p.toml",
        overridden: [String] = [],
        unsaved: [String]? = nil
    ) -> ServerMessage {
        .params(
            ParamsInfo(
                revision: 1, source: source, path: path, params: p, error: nil, overridden: overridden,
                unsaved: unsaved ?? overridden))
    }

    func paramsLine(_ state: ViewerState) -> String {
        StatusLine.text(StatusLine().spans(state.statusFields(now: 0)[0], now: 0))
    }

    func liveLine(_ state: ViewerState) -> String {
        StatusLine.text(StatusLine().spans(state.statusFields(now: 0)[1], now: 0))
    }

    @Test func thePanelNamesTheFileInForce() {
        var state = ViewerState()
        state.receive(info(path: "/home/me/cardstack.toml"), now: 0)
        #expect(liveLine(state) == "rev 1 · offset – · front – · 0 fps · skipped 0 · /home/me/cardstack.toml")
        state.receive(info(source: .defaults, path: "/bad.toml"), now: 1)
        #expect(liveLine(state).hasSuffix(" · skipped 0 · defaults (/bad.toml not loaded)"))
    }

    /// Values a client set are marked, and so is the source.
    @Test func valuesFromSetAreMarked() {
        var p = Parameters()
        p.layout.spacing = 40
        p.layout.flipRange = [1.0, 1.2]
        var state = ViewerState()
        state.receive(info(p, source: .set, overridden: ["layout.spacing", "layout.flip_range"]), now: 0)
        #expect(paramsLine(state) == "stack · spacing 40* · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.2* · cards 11")
        #expect(liveLine(state).hasSuffix(" · /p.toml + set *"))
        state.receive(info(), now: 1)  // the file saved again: the overrides are gone
        #expect(!paramsLine(state).contains("*") && !liveLine(state).contains("*"))
    }

    /// After a preset or an undo the source says so, and `*` marks values the file lacks.
    @Test func aPresetOrAnUndoIsNamedAndMarkedUnsaved() {
        var state = ViewerState()
        state.receive(info(source: .preset, unsaved: ["layout.style"]), now: 0)
        #expect(liveLine(state).hasSuffix(" · /p.toml + preset *"))
        state.receive(info(source: .undo, unsaved: []), now: 1)
        #expect(liveLine(state).hasSuffix(" · /p.toml + undo"))
        state.receive(info(source: .file, unsaved: ["layout.spacing"]), now: 2)
        #expect(liveLine(state).hasSuffix(" · /p.toml *"))
    }

    /// `cards` follows the deck as `move`/`remove`/`insert` change it, from `get_state`'s
    /// reply on connect and from `state` events.
    @Test func theDeckSizeAfterEdits() {
        var state = ViewerState()
        state.receive(info(), now: 0)
        #expect(paramsLine(state).hasSuffix("· cards 11"))
        let edited = StateInfo(
            offset: 0, front: 0, animating: false, clients: 1, revision: 1, framesSent: 0, uptime: 1, cards: 9)
        let reply = try! WireJSON.encode(Reply(id: ViewerState.stateRequestID, result: CommandResult.state(edited)))
        state.receive(try! WireJSON.decode(ServerMessage.self, from: reply, requests: ViewerState.requests), now: 1)
        #expect(paramsLine(state).hasSuffix("· cards 9"))
        var more = edited
        more.cards = 12
        state.receive(.state(more), now: 2)
        #expect(paramsLine(state).hasSuffix("· cards 12"))
        #expect(state.keyMap == KeyMap(spacing: 30, cards: 12, front: 0))
    }

    /// iCarousel's styles show the card size and the options in force (the type's
    /// defaults, or the file's), not the stack's scale step and flip range.
    @Test func carouselStylesShowTheirOptions() {
        var p = Parameters()
        p.layout.style = .coverflow
        #expect(
            StatusLine.text(StatusLine().spans(StatusLine.paramsFields(p), now: 0))
                == "coverflow · card 300×200 · spacing 30 · m34 -1/2000 · item_spacing 0.25 · tilt 0.9 · visible \(CarouselOptions(.coverflow, p).visibleItems) · cards 11"
        )
        p.layout.style = .rotary
        p.carousel.arc = Double.pi
        let rotary = StatusLine.text(StatusLine().spans(StatusLine.paramsFields(p, marked: ["carousel.arc"]), now: 0))
        let radius = StatusLine.decimal(CarouselOptions(.rotary, p).radius, maximumFraction: 1)
        #expect(
            rotary.hasPrefix(
                "rotary · card 300×200 · spacing 30 · m34 -1/2000 · item_spacing 1 · arc 180°* · radius \(radius) · visible "
            ))
        #expect(!rotary.contains("tilt") && !rotary.contains("scale_step"))
    }

    /// A long error wraps onto the rows below instead of losing its end ("did you mean").
    @Test func aLongBannerWraps() {
        var state = ViewerState()
        state.receive(info(), now: 0)
        let message = "unknown key layout.spacng (did you mean spacing?)"
        state.receive(
            .configError(
                ConfigError(
                    path: "/a/rather/long/path/to/params.toml", line: 7, column: 1, key: "layout.spacng",
                    message: message)), now: 1)
        let text = ViewerScreen(mode: .monochrome).compose(state, columns: 40, rows: 12, now: 1).text
        let rows = text[0..<4].map { $0.trimmingSuffixSpaces() }
        #expect(
            rows == [
                "config error:", "/a/rather/long/path/to/params.toml:7:1:", "unknown key layout.spacng (did you mean",
                "spacing?)",
            ])
        #expect(text[4].trimmingSuffixSpaces() == "")  // four rows are enough
    }

    @Test func aDeletedFileShowsABanner() {
        var state = ViewerState()
        state.receive(info(), now: 0)
        state.receive(.configError(.fileRemoved("/p.toml")), now: 1)
        let screen = ViewerScreen(mode: .monochrome)
        let text = screen.compose(state, columns: 120, rows: 10, now: 1).text
        #expect(
            text[0].hasPrefix(
                "config error: /p.toml: the file was deleted or moved away; the parameters in force stay until it is back"
            ))
        state.receive(info(), now: 2)  // back (get_params or a params event with no error)
        #expect(screen.compose(state, columns: 120, rows: 10, now: 2).text[0].hasPrefix("cardstack view"))
    }

    @Test(arguments: [
        ("one two three", 5, 9, ["one", "two", "three"]),
        ("abcdefghij", 4, 9, ["abcd", "efgh", "ij"]),
        ("one two three four", 9, 1, ["one two…"]),
        ("exactly10!", 10, 3, ["exactly10!"]),
        ("a b", 1, 5, ["a", "b"]),
    ])
    func wrapping(text: String, width: Int, lines: Int, expected: [String]) {
        #expect(ViewerScreen.wrap(text, width: width, maximumLines: lines) == expected)
    }

    /// The path gives way from the left, to the key hint too, when the line is too long.
    @Test func aLongPathIsShortenedFromTheLeft() {
        var state = ViewerState()
        state.receive(info(path: "/a/very/long/directory/name/for/the/parameters/cardstack.toml"), now: 0)
        let screen = ViewerScreen(mode: .monochrome)
        #expect(
            screen.compose(state, columns: 100, rows: 8, now: 0).text[7]
                == "rev 1 · offset – · front – · 0 fps · skipped 0 · …/for/the/parameters/cardstack.toml  ? help  q quit"
        )
        #expect(
            screen.compose(state, columns: 60, rows: 8, now: 0).text[7]
                == "rev 1 · offset – · front – · 0 fps · skipped 0 · …stack.toml")
        #expect(
            screen.compose(state, columns: 140, rows: 8, now: 0).text[7].hasPrefix(
                "rev 1 · offset – · front – · 0 fps · skipped 0 · /a/very/long/directory/name/for/the/parameters/cardstack.toml  "
            ))
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
