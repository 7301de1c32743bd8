import CardLayout
import CardStackClient
import CardStackLook
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackViewer

/// `view --replay`: a recording played at its timing, paused, stepped and sped up.
@Suite struct ReplayPlayerTests {
    /// Five frames 0.1 s apart (offsets 0, 10, … 40) after a params event.
    func recording() throws -> Recording {
        var lines = [
            #"{"event":"params","revision":1,"source":"file","path":null,"params":\#(paramsJSON()),"error":null,"time":1.0}"#
        ]
        for i in 0..<5 {
            var frame = Fixtures.twoCards
            frame.offset = Double(i) * 10
            let event = FrameEvent(seq: i + 1, revision: 1, frame: frame, time: 1.0 + Double(i) / 10)
            lines.append(String(decoding: try WireJSON.encode(ServerMessage.frame(event)), as: UTF8.self))
        }
        return try Recording(lines: Array(lines.joined(separator: "\n").utf8))
    }

    func paramsJSON() -> String {
        String(decoding: try! WireJSON.encode(Parameters()), as: UTF8.self)
    }

    @Test func playsAtTheRecordedTiming() throws {
        var player = ReplayPlayer(try recording(), now: 100)
        #expect(player.state.frame?.frame.offset == 0 && player.state.params != nil)
        player.advance(now: 100.25)
        #expect(player.state.frame?.frame.offset == 20)
        #expect(player.nextDue().map { abs($0 - 100.3) < 1e-9 } == true)
        player.advance(now: 101)
        #expect(player.state.frame?.frame.offset == 40 && player.atEnd)
        #expect(player.statusText.hasSuffix("· end"))
    }

    @Test func pausesStepsAndChangesSpeed() throws {
        var player = ReplayPlayer(try recording(), now: 0)
        player.togglePause(now: 0.15)
        #expect(player.paused && player.state.frame?.frame.offset == 10)
        player.advance(now: 5)
        #expect(player.state.frame?.frame.offset == 10, "paused: nothing plays")
        player.step(by: 1, now: 5)
        #expect(player.state.frame?.frame.offset == 20)
        player.step(by: -1, now: 5)
        #expect(player.state.frame?.frame.offset == 10)
        player.step(by: -5, now: 5)
        #expect(player.state.frame?.frame.offset == 0)
        #expect(player.statusText.contains("paused") && player.statusText.contains("t 1.000"))
        player.changeSpeed(faster: false, now: 5)
        #expect(player.speed == 0.5)
        for _ in 0..<5 { player.changeSpeed(faster: false, now: 5) }
        #expect(player.speed == 0.1)
        for _ in 0..<9 { player.changeSpeed(faster: true, now: 5) }
        #expect(player.speed == 4)
        player.togglePause(now: 5)
        player.advance(now: 5.06)  // 0.24 s of recording at 4×
        #expect(player.state.frame?.frame.offset == 20)
    }

    @Test func aFileThatIsNotARecordingSaysWhichLine() {
        #expect(throws: RecordingError.self) { try Recording(lines: Array("{\"event\":\"state\"}\n".utf8)) }
        do {
            _ = try Recording(lines: Array("\n{\"event\":\"hello\",\"time\":1}\nnope\n".utf8))
        } catch {
            #expect(error.line == 2 || error.line == 3)
        }
    }

    @Test func keyOOpensTheFrontCardOrClosesIt() {
        var map = KeyMap(spacing: 30, cards: 11, front: 4)
        #expect(map.action(for: .character("o")) == .send(.open(item: 4)))
        map.revealOpen = true
        #expect(map.action(for: .character("o")) == .send(.close))
    }

    @Test func theSVGDrawsTheCircle() {
        var frame = Fixtures.twoCards
        #expect(!SVGSnapshot.render(frame).contains("<circle"))
        frame.reveal = Reveal(item: 1, center: Point(12, 6), radius: 7.5, progress: 0.5)
        #expect(SVGSnapshot.render(frame).contains(#"<circle class="reveal" data-item="1" cx="12" cy="6" r="7.5""#))
    }

    @Test func theViewerDrawsTheDetailThroughTheCircle() {
        var frame = Fixtures.twoCards
        let painter = FramePainter(mode: .trueColor)
        var plain = ScreenBuffer(width: 20, height: 5)
        painter.paint(frame, into: &plain, top: 0, left: 0, columns: 20, rows: 5)
        frame.reveal = Reveal(item: 1, center: Point(10, 5), radius: 4, progress: 0.5)
        var ringed = ScreenBuffer(width: 20, height: 5)
        painter.paint(frame, into: &ringed, top: 0, left: 0, columns: 20, rows: 5)
        // Inside the circle the detail view (the opened card's colour), outside the cards.
        let detail = CellColor.rgb(painter.fill(item: 1))
        #expect(ringed[2, 10].background == detail || ringed[2, 10].character != " ")
        #expect(ringed[2, 7].background == detail && ringed[2, 13].background == detail)
        #expect(ringed[0, 0] == plain[0, 0] && ringed[4, 19] == plain[4, 19], "outside the circle the cards stay")
    }
}
