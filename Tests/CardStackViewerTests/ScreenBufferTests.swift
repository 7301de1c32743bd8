import CardLayout
import Testing

@testable import CardStackViewer

@Suite struct ScreenBufferTests {
    func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingEscapes()
    }

    @Test func firstDrawClearsAndSkipsBlanks() {
        var screen = ScreenBuffer(width: 4, height: 2)
        screen.write("ab", row: 1, column: 1, attributes: .bold)
        #expect(string(screen.output(from: nil, mode: .trueColor)) == "⎋[?2026h⎋[0m⎋[2J⎋[2;2H⎋[0;1mab⎋[0m⎋[?2026l")
    }

    @Test func onlyChangesAreSent() {
        var old = ScreenBuffer(width: 6, height: 2)
        old.write("hello", row: 0, column: 0)
        var new = old
        #expect(new.output(from: old, mode: .trueColor).isEmpty)
        new.write("J", row: 0, column: 4, foreground: .rgb(CardColor(1, 2, 3)))
        new.write("x", row: 1, column: 5, background: .rgb(CardColor(255, 0, 0)))
        #expect(
            string(new.output(from: old, mode: .trueColor))
                == "⎋[?2026h⎋[1;5H⎋[0;38;2;1;2;3mJ⎋[2;6H⎋[0;48;2;255;0;0mx⎋[0m⎋[?2026l")
        #expect(
            string(new.output(from: old, mode: .palette256))
                == "⎋[?2026h⎋[1;5H⎋[0;38;5;16mJ⎋[2;6H⎋[0;48;5;196mx⎋[0m⎋[?2026l")
        #expect(string(new.output(from: old, mode: .monochrome)) == "⎋[?2026h⎋[1;5HJ⎋[2;6Hx⎋[?2026l")
    }

    /// Adjacent changed cells with the same pen need no cursor move or SGR in between.
    @Test func runsShareMoveAndPen() {
        let old = ScreenBuffer(width: 5, height: 1)
        var new = old
        new.write("abc", row: 0, column: 1, attributes: .reverse)
        #expect(string(new.output(from: old, mode: .trueColor)) == "⎋[?2026h⎋[1;2H⎋[0;7mabc⎋[0m⎋[?2026l")
    }

    @Test func resizeRedrawsEverything() {
        var old = ScreenBuffer(width: 3, height: 1)
        old.write("abc", row: 0, column: 0)
        var new = ScreenBuffer(width: 2, height: 1)
        new.write("ab", row: 0, column: 0)
        #expect(string(new.output(from: old, mode: .monochrome)) == "⎋[?2026h⎋[0m⎋[2J⎋[1;1Hab⎋[?2026l")
    }

    @Test func palette256() {
        #expect(CardColor(0, 0, 0).palette256 == 16)
        #expect(CardColor(255, 255, 255).palette256 == 231)
        #expect(CardColor(128, 128, 128).palette256 == 244)
        #expect(CardColor(95, 135, 175).palette256 == 16 + 36 * 1 + 6 * 2 + 3)
    }

    @Test func colorModeFromEnvironment() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"], noColor: false) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"], noColor: false) == .trueColor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], noColor: false) == .palette256)
        #expect(
            ColorMode.detect(environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"], noColor: false) == .monochrome)
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""], noColor: false) == .palette256)
        #expect(ColorMode.detect(environment: [:], noColor: true) == .monochrome)
    }
}

extension String {
    /// ESC shown as ⎋, for readable expectations.
    func replacingEscapes() -> String { String(map { $0 == "\u{1B}" ? "⎋" : $0 }) }
}
