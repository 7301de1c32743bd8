import Foundation
import Testing

@testable import CardLayout

/// `[scroll]`: SPEC §8's defaults, each style's seed, and its JSON form.
@Suite struct ScrollParametersTests {
    @Test func theDefaultsAreSpecSection8s() {
        let s = Parameters.Scroll()
        #expect(s.model == nil)
        #expect(s.bounces && !s.paging && s.stopAtItemBoundary && s.scrollToItemBoundary)
        #expect(s.rubberBand == 0.55 && s.bounceDistance == 1.0 && s.decelerationRate == 0.95 && s.scrollSpeed == 1.0)
    }

    @Test(arguments: Style.allCases)
    func eachStyleMovesByItsSeedsPhysics(style: Style) {
        let expected: ScrollModel =
            switch style {
            case .stack, .zoomFlow, .switcher7: .scrollView
            case .flip: .flip
            default: .icarousel
            }
        #expect(style.defaultScrollModel == expected)
        var p = Parameters()
        p.layout.style = style
        #expect(p.scrollModel == expected)
        p.scroll.model = .flip
        #expect(p.scrollModel == .flip, "the file's choice wins")
    }

    @Test func theExtentIsTheViewportAlongTheScroll() {
        var p = Parameters()
        p.viewport.width = 400
        p.viewport.height = 700
        #expect(p.scrollExtent == 700, "the stack scrolls vertically")
        p.layout.style = .coverflow
        #expect(p.scrollExtent == 400)
        p.carousel.vertical = true
        #expect(p.scrollExtent == 700)
        p.layout.style = .zoomFlow
        p.carousel.vertical = nil
        #expect(p.scrollExtent == 400)
    }

    @Test func theScrollTableIsOnTheWireAndMayBeAbsent() throws {
        var p = Parameters()
        p.scroll.paging = true
        let json = String(decoding: try JSONEncoder().encode(p), as: UTF8.self)
        #expect(json.contains("\"scroll\":{") && json.contains("\"paging\":true"))
        #expect(try JSONDecoder().decode(Parameters.self, from: Data(json.utf8)) == p)
        // A recording made before [scroll] existed: the defaults.
        // (The table is taken out of the object, not the text: Foundation's key order varies.)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        object["scroll"] = nil
        let old = try JSONSerialization.data(withJSONObject: object)
        #expect(!String(decoding: old, as: UTF8.self).contains("scroll"))
        #expect(try JSONDecoder().decode(Parameters.self, from: old).scroll == Parameters.Scroll())
    }

    @Test func theScrollTableCodesWithTheFilesKeyNames() throws {
        var s = Parameters.Scroll()
        s.model = .scrollView
        let json = String(decoding: try JSONEncoder().encode(s), as: UTF8.self)
        for key in [
            "\"scroll_view\"", "rubber_band", "bounce_distance", "deceleration_rate", "scroll_speed",
            "stop_at_item_boundary", "scroll_to_item_boundary", "bounces", "paging",
        ] {
            #expect(json.contains(key), "\(key)")
        }
        #expect(try JSONDecoder().decode(Parameters.Scroll.self, from: Data(json.utf8)) == s)
    }
}
