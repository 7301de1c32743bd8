import CardLayout
import Foundation
import Testing

@testable import CardStackParams

/// `[card]`'s look: every key optional (today's picture when left out), checked like every key.
@Suite struct LookParamsTests {
    func resolve(_ text: String) throws(ParamsError) -> Resolved {
        try ParamsDocument.parameters(from: Array(text.utf8), path: "test.toml")
    }

    func error(_ text: String) -> ParamsError? {
        do {
            _ = try resolve(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func leftOutKeysKeepTodaysPictureAndWire() throws {
        let p = try resolve("[card]\nwidth = 300\n").parameters
        #expect(!p.card.hasLook && p.card.color(of: 3) == nil && p.card.resolvedBorderWidth == nil)
        let json = String(decoding: try JSONEncoder().encode(p.card), as: UTF8.self)
        for key in ["images", "colors", "corner_radius", "border", "shadow", "back"] { #expect(!json.contains(key)) }
    }

    @Test func everyKeyIsRead() throws {
        let r = try resolve(
            """
            [card]
            images = ["shots/*.png", "cover.jpg"]
            colors = "#FF8800"
            corner_radius = 12
            border_width = 2
            border_ratio = 0.01
            border_color = "#ffffff80"
            shadow_opacity = 0.5
            shadow_radius = 8
            shadow_offset = [0, -3]
            shadow_color = "#000000"
            back = "color"
            back_color = "#336699"
            """)
        let c = r.parameters.card
        #expect(c.images == ["shots/*.png", "cover.jpg"] && c.colors == ["#ff8800"])
        #expect(c.cornerRadius == 12 && c.borderWidth == 2 && c.borderWidthRatio == 0.01)
        #expect(c.resolvedBorderWidth == 3)  // 0.01 × 300: the ratio wins
        #expect(r.warnings.contains { $0.contains("border_ratio") })
        #expect(c.borderColor == "#ffffff80" && c.shadowOpacity == 0.5 && c.shadowRadius == 8)
        #expect(
            c.shadowOffset == [0, -3] && c.shadowColor == "#000000" && c.back == .color && c.backColor == "#336699")
        #expect(c.color(of: 5) == CardColor(red: 1, green: 136.0 / 255, blue: 0))
        let back = try JSONDecoder().decode(Parameters.self, from: JSONEncoder().encode(r.parameters))
        #expect(back == r.parameters)
    }

    @Test func badValuesNameKeyAndWhatIsAllowed() {
        let colour = error("[card]\nborder_color = \"red\"\n")
        #expect(colour?.kind == .outOfRange && colour?.key == "card.border_color")
        #expect(colour?.message == "card.border_color must be a colour \"#rrggbb\" or \"#rrggbbaa\", got \"red\"")
        let list = error("[card]\ncolors = [\"#000000\", \"#12345\"]\n")
        #expect(list?.message.hasPrefix("card.colors[1] must be a colour") == true)
        #expect(list?.position == SourcePosition(line: 2, column: 22))
        #expect(error("[card]\nimages = []\n")?.message == "card.images must hold 1 to 1024 image file or globs, got 0")
        #expect(error("[card]\nimages = [\"\"]\n")?.message == "card.images[0] is empty")
        #expect(error("[card]\nimages = 3\n")?.kind == .wrongType)
        let back = error("[card]\nback = \"front\"\n")
        #expect(
            back?.kind == .outOfRange && back?.message == "card.back must be one of color, none, mirror, got \"front\"")
        #expect(error("[card]\nback = 1\n")?.kind == .wrongType)
        #expect(error("[card]\nshadow_opacity = 2\n")?.message == "card.shadow_opacity must be in [0, 1], got 2")
        #expect(error("[card]\ncorner_radius = -1\n")?.kind == .outOfRange)
        #expect(error("[card]\nshadow_offset = [1]\n")?.kind == .wrongType)
        #expect(error("[card]\nborder_ratio = 0.6\n")?.kind == .outOfRange)
    }

    @Test func colorsParseBothForms() {
        #expect(CardColor(hex: "#00000000") == CardColor(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(CardColor(hex: "#fFfFfF") == CardColor(red: 1, green: 1, blue: 1))
        for bad in ["", "#", "#fff", "000000", "#gggggg", "#1234567", "#123456789"] {
            #expect(CardColor(hex: bad) == nil)
        }
    }
}
