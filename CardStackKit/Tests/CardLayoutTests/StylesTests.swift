import Testing

@testable import CardLayout

/// The style table, and the non-iCarousel styles against values worked out by hand from
/// docs/layouts.md §3 (switcher9), §4 (switcher7), §5.3 (flip) and §7 (zoom_flow).
@Suite struct StylesTests {
    @Test func everySpecStyleIsSelectableWithItsDefaults() {
        let names = [
            "stack", "flip", "coverflow", "coverflow2", "linear", "rotary", "inverted_rotary", "cylinder",
            "inverted_cylinder", "wheel", "inverted_wheel", "time_machine", "inverted_time_machine", "switcher9",
            "switcher7", "zoom_flow",
        ]
        #expect(Style.allCases.map(\.rawValue) == names)
        let wrapping: Set<Style> = [
            .stack, .flip, .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel,
        ]
        for style in Style.allCases {
            #expect(style.defaultWrap == wrapping.contains(style), "\(style)")
            #expect(style.defaultAnchor == (style == .stack || style == .flip ? [0.5, 1.0] : [0.5, 0.5]), "\(style)")
            if let type = CarouselType(style) {
                #expect((style.layout as? CarouselLayout)?.type == type)
            }
        }
        #expect(CarouselType.allCases.count == 11)
        #expect(Style.switcher9.layout is Switcher9Layout && Style.switcher7.layout is Switcher7Layout)
        #expect(Style.flip.layout is FlipLayout && Style.zoomFlow.layout is ZoomFlowLayout)
    }

    // MARK: switcher9

    func switcher9() -> Parameters {
        parameters(.switcher9) { p in
            p.layout.cards = 15
            p.layout.spacing = 250
            p.layout.m34 = -0.002
            p.card.width = 250
            p.card.height = 250 * 16 / 9
            p.viewport.width = 350
            p.viewport.height = 600
        }
    }

    @Test func switcher9CurveMatchesTheSource() {
        #expect(Switcher9Layout.translation(0) == 0)
        #expect(close(Switcher9Layout.translation(1), 0.8))
        #expect(close(Switcher9Layout.translation(1.5), 2.4))
        #expect(close(Switcher9Layout.translation(-1), 1 / 1.875 - 0.8))
        #expect(close(Switcher9Layout.translation(-3), -0.48))
        #expect(Switcher9Layout.translation(2) == 2 && Switcher9Layout.translation(7) == 2)
        #expect(
            Switcher9Layout.alpha(-3.5) == 0 && Switcher9Layout.alpha(-2.5) == 0.5 && Switcher9Layout.alpha(-1) == 1)
    }

    @Test func switcher9AtRestShowsTheCurrentCardAndTheNextOneOnTop() {
        let out = cards(switcher9(), 0)
        // Card 2 and beyond are parked two widths to the right, off screen.
        #expect(out.map(\.index) == [0, 1])
        #expect(out.map(\.z) == [0, 1])
        // Base shift +w/5 = 50 (viewpointOffset -w/5).
        #expect(anchorOnScreen(out[0])! == Point(225, 300))
        #expect(close(anchorOnScreen(out[1])!.x, 175 + (0.8 * 250 + 50) / 0.998))
        #expect(close(out[1].scale, 1.04) && out[1].ratio == 1)
    }

    @Test func switcher9PilesCardsUpOnTheLeftAndFadesThem() {
        let out = cards(switcher9(), 875)
        // s = 3.5: current round(3.5) = 4, window 1...7; 1 is at o = -2.5.
        #expect(out.first?.index == 1)
        #expect(out.map(\.index) == out.map(\.index).sorted())
        let one = card(1, in: out)!
        let t = 1 / (1.25 + 0.625 * 2.5) - 0.8
        #expect(close(one.alpha, 0.5) && close(one.scale, 0.9))
        #expect(close(one.transform.m41, t * 250 + 50) && one.transform.m43 == -2.5 && close(one.transform.m11, 0.9))
        #expect(close(anchorOnScreen(one)!.x, 175 + (t * 250 + 50) / (1 + 2.5 * 0.002)))
    }

    // MARK: switcher7

    func switcher7() -> Parameters {
        parameters(.switcher7) { p in
            p.layout.cards = 8
            p.layout.spacing = 300
            p.card.width = 270
            p.card.height = 375
        }
    }

    @Test func switcher7AtRest() {
        let out = cards(switcher7(), 0)
        #expect(out.map(\.index) == [0, 1])
        #expect(out[0].position == Point(187.5, 333.5) && out[0].scale == 1 && out[0].alpha == 1)
        #expect(out[1].position == Point(487.5, 333.5) && close(out[1].scale, 0.9) && close(out[1].alpha, 0.8))
        #expect(out[1].transform == .scale(out[1].scale, out[1].scale, 1))
        // The card two pages on is off screen (left edge 787.5 - 121.5 > 375).
        #expect(card(2, in: out) == nil)
    }

    @Test func switcher7MovesTowardTheNeighbour() {
        let out = cards(switcher7(), 60)
        // progress 0.2, moving left: the current card shrinks, card 1 grows.
        #expect(close(card(0, in: out)!.scale, 0.98) && close(card(0, in: out)!.alpha, 0.96))
        #expect(close(card(1, in: out)!.scale, 0.92) && close(card(1, in: out)!.alpha, 0.84))
        #expect(card(0, in: out)!.position.x == 127.5)
        // Half a page: current = round(0.5) = 1, moving right toward card 0; both at 0.95.
        let half = cards(switcher7(), 150)
        #expect(half.map(\.index) == [0, 1])
        #expect(half.allSatisfy { close($0.scale, 0.95) && close($0.alpha, 0.9) })
        let before = cards(switcher7(), 150 - 1e-9)
        #expect(zip(before, half).allSatisfy { close($0.scale, $1.scale, 1e-8) && close($0.alpha, $1.alpha, 1e-8) })
    }

    // MARK: zoom_flow

    func zoomFlow(cards n: Int = 10, wrap: Bool = false) -> Parameters {
        parameters(.zoomFlow) { p in
            p.layout.cards = n
            p.layout.wrap = wrap
            p.layout.spacing = 200
            p.layout.scaleStep = 0.25
            p.card.width = 100
            p.card.height = 150
            p.viewport.width = 400
            p.viewport.height = 600
        }
    }

    @Test func zoomFlowShrinksWithDistanceFromTheCentre() {
        let out = cards(zoomFlow(), 0)
        // Card 1 at x = 400 is half a viewport away: 3/4; card 2 is off screen.
        #expect(out.map(\.index) == [1, 0])
        #expect(out[1].position == Point(200, 300) && out[1].scale == 1)
        #expect(out[0].position == Point(400, 300) && out[0].scale == 0.75 && out[0].alpha == 1)
        let between = cards(zoomFlow(), 100)
        #expect(between.map(\.index) == [0, 1] && between.map(\.z) == [0, 1])
        #expect(between.allSatisfy { $0.scale == 0.875 })
        #expect(between[0].quad?.first == Point(100 - 43.75, 300 - 65.625))
    }

    @Test func zoomFlowWrapsWithVirtualIndices() {
        let out = cards(zoomFlow(cards: 3, wrap: true), 0)
        #expect(Set(out.map(\.index)) == [-1, 0, 1])
        #expect(card(-1, in: out)!.item == 2 && card(-1, in: out)!.position.x == 0)
        #expect(out.last?.index == 0)
    }

    // MARK: flip

    func flip() -> Parameters {
        parameters(.flip) { p in
            p.layout.cards = 20
            p.layout.wrap = false
            p.layout.spacing = 100
            p.card.width = 200
            p.card.height = 100
            p.viewport.width = 400
            p.viewport.height = 800
        }
    }

    @Test func flipDeckAtRest() {
        let out = cards(flip(), 0)
        #expect(out.map(\.index) == Array((0...9).reversed()))
        #expect(out.map(\.z) == Array(91...100))
        let head = card(0, in: out)!
        #expect(head.position == Point(200, 450) && head.transform == .identity && head.alpha == 1)
        // Slot 1: scale 0.95, top edge 35 higher: 400 - 50 - 35 + 95.
        let one = card(1, in: out)!
        #expect(close(one.scale, 0.95) && close(one.position.y, 410))
        let three = card(3, in: out)!
        #expect(
            close(three.scale, 0.95 - 0.45 * 2 / 7)
                && close(three.position.y, 350 - (35 + 35 - 20.0 / 9 + 35 - 40.0 / 9) + 100 * three.scale))
        #expect(close(card(4, in: out)!.alpha, 1 - 0.8 / 6))
        #expect(close(card(9, in: out)!.alpha, 0.2) && close(FlipLayout.yOffset(9), 235))
        #expect(close(card(9, in: out)!.scale, 0.95 - 0.45 * 8 / 7))
    }

    @Test func flipHeadCardTurnsDownOverTheFirstHalf() {
        // f = 0.25: q = 0.5, the head card is edge-on, its top edge 100 toward the viewer.
        let head = card(0, in: cards(flip(), 25))!
        #expect(head.alpha == 1)
        let quad = head.quad!
        #expect(close(quad[0].x, 200 - 100 / 0.95) && close(quad[1].x, 200 + 100 / 0.95))
        #expect(close(quad[0].y, 450, 1e-9) && close(quad[2].x, 300) && close(quad[2].y, 450))
        // q = 0.95: half faded (the last tenth of the turn).
        #expect(close(card(0, in: cards(flip(), 47.5))!.alpha, 0.5))
    }

    @Test func flipDeckMovesUpOverTheSecondHalf() {
        let out = cards(flip(), 95)
        // The head card is gone; the others are 0.9 of the way to the next slot.
        #expect(card(0, in: out) == nil)
        #expect(out.map(\.index) == Array((1...10).reversed()))
        #expect(close(card(1, in: out)!.scale, 1 - 0.05 * 0.1))
        // Card 10 is 0.9 of the way from slot 10 (hidden) to slot 9 (brightness 0.2).
        #expect(close(card(10, in: out)!.alpha, 0.2 * 0.9))
        let next = cards(flip(), 100)
        #expect(card(1, in: next)!.scale == 1 && card(1, in: next)!.position == Point(200, 450))
    }
}
