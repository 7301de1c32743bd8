import CardLayout
import Foundation
import Testing

@testable import CardStackParams

/// The `[carousel]` table: validation like every other table, and its JSON form.
@Suite struct CarouselParamsTests {
    func resolve(_ text: String) throws(ParamsError) -> Parameters {
        try ParamsDocument.parameters(from: Array(text.utf8), path: "test.toml").parameters
    }

    func error(_ text: String) -> ParamsError? {
        do {
            _ = try resolve(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func optionsLeftOutStayNil() throws {
        let p = try resolve("[layout]\nstyle = \"coverflow\"\n")
        #expect(p.carousel == Parameters.Carousel())
        #expect(p.layout.wrap == false && p.card.anchor == [0.5, 0.5])
    }

    @Test func everyOptionIsRead() throws {
        let p = try resolve(
            """
            [carousel]
            item_spacing = 1.1
            arc = 3
            radius = -250
            angle = 0.5
            tilt = 1
            count = 9
            visible_items = 5.0
            fade_min = -inf
            fade_max = 2
            fade_range = 1.5
            fade_min_alpha = 0.25
            show_backfaces = false
            vertical = true
            viewpoint = [10, -20.5]
            """)
        let c = p.carousel
        #expect(c.itemSpacing == 1.1 && c.arc == 3 && c.radius == -250 && c.angle == 0.5 && c.tilt == 1)
        #expect(c.count == 9 && c.visibleItems == 5 && c.fadeMin == -.infinity && c.fadeMax == 2)
        #expect(c.fadeRange == 1.5 && c.fadeMinAlpha == 0.25 && c.showBackfaces == false && c.vertical == true)
        #expect(c.viewpoint == [10, -20.5])
    }

    @Test func badValuesNameKeyLineAndWhatIsAllowed() {
        let typo = error("[carousel]\nfade_mni = 1\n")
        #expect(typo?.kind == .unknownKey && typo?.message == "unknown key carousel.fade_mni (did you mean fade_min?)")
        #expect(typo?.position == SourcePosition(line: 2, column: 1))
        let range = error("[carousel]\nfade_range = 0\n")
        #expect(range?.kind == .outOfRange && range?.message == "carousel.fade_range must be > 0, got 0")
        let type = error("[carousel]\nvertical = 1\n")
        #expect(type?.kind == .wrongType && type?.key == "carousel.vertical")
        let count = error("[carousel]\ncount = 0\n")
        #expect(count?.message == "carousel.count must be an integer in 1...1000, got 0")
        let wrongInfinity = error("[carousel]\nfade_max = -inf\n")
        #expect(wrongInfinity?.kind == .outOfRange && wrongInfinity?.key == "carousel.fade_max")
        #expect(error("[carousel]\nviewpoint = [1]\n")?.kind == .wrongType)
        #expect(
            error("[carousel]\nfade_min_alpha = 1.5\n")?.message == "carousel.fade_min_alpha must be in [0, 1], got 1.5"
        )
        let table = error("[carousl]\ntilt = 1\n")
        #expect(table?.message == "unknown table carousl (did you mean carousel?)")
    }

    @Test func unboundedFadeLimitsGoOutAsNullAndComeBack() throws {
        var c = Parameters.Carousel()
        c.fadeMin = -.infinity
        c.fadeMax = 0
        c.tilt = 0.5
        let json = String(decoding: try JSONEncoder().encode(c), as: UTF8.self)
        #expect(json.contains("\"fade_min\":null") && json.contains("\"fade_max\":0"))
        #expect(!json.contains("radius"))
        let back = try JSONDecoder().decode(Parameters.Carousel.self, from: Data(json.utf8))
        #expect(back == c)
        let unboundedMax = try JSONDecoder().decode(Parameters.Carousel.self, from: Data(#"{"fade_max":null}"#.utf8))
        #expect(unboundedMax.fadeMax == .infinity && unboundedMax.fadeMin == nil)
        // The whole parameter set still encodes (no infinity reaches the JSON encoder).
        var p = Parameters()
        p.carousel = c
        #expect(try JSONDecoder().decode(Parameters.self, from: JSONEncoder().encode(p)) == p)
    }

    @Test func resolvedOptionsReportTheTypesDefaults() {
        var p = Parameters()
        p.layout.style = .timeMachine
        let table = CarouselOptions(.timeMachine, p).table
        #expect(table.fadeMax == 0 && table.fadeMin == -.infinity && table.tilt == 0.3 && table.itemSpacing == 1)
        #expect(table.radius == nil && table.count == nil)
        let json = String(decoding: (try? JSONEncoder().encode(table)) ?? Data(), as: UTF8.self)
        #expect(json.contains("\"fade_min\":null"))
    }
}
