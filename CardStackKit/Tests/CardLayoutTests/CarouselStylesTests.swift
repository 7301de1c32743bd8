import Testing

@testable import CardLayout

/// iCarousel's types against values worked out by hand from docs/layouts.md §2, with 200-point
/// items in a 400 x 600 viewport and iCarousel's m34 of -1/500.
@Suite struct CarouselStylesTests {
    func carousel(_ style: Style, cards: Int = 10, _ change: (inout Parameters) -> Void = { _ in }) -> Parameters {
        parameters(style) { p in
            p.layout.cards = cards
            p.layout.spacing = 200
            p.layout.m34 = -0.002
            p.card.width = 200
            p.card.height = 200
            p.viewport.width = 400
            p.viewport.height = 600
            change(&p)
        }
    }

    @Test func linearLaysOutTheWindowAndSortsTiesByDistance() {
        let p = carousel(.linear)
        // V = ceil(400 / 200) + 2 = 4, kept inside the deck: items 0...3.
        let out = cards(p, 0)
        #expect(out.map(\.index) == [3, 2, 1, 0])
        #expect(out.map(\.z) == [0, 1, 2, 3])
        #expect(out.allSatisfy { $0.position == Point(200, 300) && $0.alpha == 1 && $0.scale == 1 })
        let one = card(1, in: out)!
        #expect(one.transform.m41 == 200 && one.transform.m34 == -0.002 && one.ratio == 1)
        #expect(card(0, in: out)!.quad == [Point(100, 200), Point(300, 200), Point(300, 400), Point(100, 400)])
        // Halfway: o = -0.5, 0.5, ...; current item round(1.5) = 2 draws on top.
        let half = cards(p, 300)
        #expect(half.last?.index == 2)
        #expect(close(anchorOnScreen(card(1, in: half)!)!.x, 100))
    }

    @Test func rotaryPutsItemsOnARingAndDrawsTheFarSideFirst() {
        let p = carousel(.rotary, cards: 12)
        #expect(p.layout.wrap)
        let options = CarouselOptions(.rotary, p)
        // c = min(12, max(12, ceil(400/200) * pi)) = 12; r = 100 / tan(pi/12).
        #expect(options.count == 12 && options.visibleItems == 12)
        #expect(close(options.radius, 373.2050807568877))
        let out = cards(p, 0)
        #expect(out.map(\.index) == [6, -5, 5, -4, 4, -3, 3, -2, 2, -1, 1, 0])
        #expect(out.map(\.item) == [6, 7, 5, 8, 4, 9, 3, 10, 2, 11, 1, 0])
        // Item 3 is a quarter turn round: T(r, 0, -r), W = 1 + r/500.
        let r = options.radius
        let three = card(3, in: out)!
        #expect(close(anchorOnScreen(three)!.x, 200 + r / (1 + r / 500)))
        #expect(close(three.transform.m43, -r))
    }

    @Test func invertedRotaryLaysOutHalfTheRingMirrored() {
        let p = carousel(.invertedRotary, cards: 12)
        // V = ceil(12 / 2) = 6: items -3 ... 2.
        let out = cards(p, 0)
        #expect(Set(out.map(\.index)) == Set(-3...2))
        // r and phi both negated: item 1 sits at (-r sin(-30°), 0, -r cos(-30°) + r): right and nearer.
        let r = CarouselOptions(.invertedRotary, p).radius
        let one = card(1, in: out)!
        #expect(close(one.transform.m41, r * 0.5) && close(one.transform.m43, r - r * Double.cos(Double.pi / 6)))
        // Depth key 1 + r - r cos(phi): the item a quarter turn round (o = -3) is nearest.
        #expect(out.last?.index == -3)
    }

    @Test func cylinderTurnsItemsAboutAnAxisBehindTheScreen() {
        let p = carousel(.cylinder, cards: 12)
        let r = CarouselOptions(.cylinder, p).radius
        let out = cards(p, 0)
        let zero = card(0, in: out)!
        #expect(close(zero.transform.m43, 0.01) && close(zero.transform.m11, 1))
        // A quarter turn: the anchor goes to (r + 0.01, 0, -r).
        let three = card(3, in: out)!
        #expect(close(three.transform.m41, r + 0.01, 1e-12) && close(three.transform.m43, -r))
        #expect(abs(three.transform.m11) < 1e-12)
    }

    @Test func hiddenBackFacesAreDropped() {
        // Cylinder with show_backfaces off: items turned past 90° (|o| > 3 of 12) go.
        let p = carousel(.cylinder, cards: 12) { $0.carousel.showBackfaces = false }
        #expect(Set(cards(p, 0).map(\.index)) == Set(-3...3))
        // The inverted cylinder hides back faces by default.
        let inverted = carousel(.invertedCylinder, cards: 12) { $0.carousel.visibleItems = 12 }
        #expect(Set(cards(inverted, 0).map(\.index)) == Set(-3...3))
        #expect(CarouselOptions(.invertedCylinder, inverted).showBackfaces == false)
    }

    @Test func wheelTurnsItemsAboutAPointBelowTheCentre() {
        let p = carousel(.wheel, cards: 12)
        let options = CarouselOptions(.wheel, p)
        // r = w c / 2 pi; r - w/2 >= min(400, 600) / 2, so V = ceil(12 / 2) + 1.
        #expect(close(options.radius, 200 * 12 / (2 * Double.pi)))
        #expect(options.visibleItems == 7)
        let out = cards(p, 0)
        #expect(Set(out.map(\.index)) == Set(-3...3))
        // Item 3 is a quarter turn round the point (0, r): at (r, r, 0.03).
        let r = options.radius
        let w = 1 - 0.03 * 0.002
        let at = anchorOnScreen(card(3, in: out)!)!
        #expect(close(at.x, 200 + r / w, 1e-9) && close(at.y, 300 + r / w, 1e-9))
        // Depth key 1 + 0.01 o: the highest offset draws last.
        #expect(out.map(\.index) == [-3, -2, -1, 0, 1, 2, 3])
        // Inverted: turned the other way about the point (0, -r) above: to (r, -r).
        let inv = anchorOnScreen(card(3, in: cards(carousel(.invertedWheel, cards: 12), 0))!)!
        #expect(close(inv.x, 200 + r / w, 1e-9) && close(inv.y, 300 - r / w, 1e-9))
    }

    @Test func coverFlowTurnsTheSidesAndPilesRightOverLeft() {
        let p = carousel(.coverflow) { $0.layout.spacing = 100 }
        let out = cards(p, 100)
        #expect(out.map(\.index) == [0, 9, 8, 7, 6, 5, 4, 3, 2, 1])
        #expect(card(1, in: out)!.transform == .perspective(-0.002))
        // o = 1: X = (0.45 + 0.25) w = 140, Z = -100, W = 1.2; o = 2: X = 190.
        #expect(close(anchorOnScreen(card(2, in: out)!)!.x, 200 + 140 / 1.2))
        #expect(close(anchorOnScreen(card(0, in: out)!)!.x, 200 - 140 / 1.2))
        #expect(close(anchorOnScreen(card(3, in: out)!)!.x, 200 + 190 / 1.2))
        // Turned by -k tau pi/2 = -81° about y.
        #expect(close(card(2, in: out)!.transform.m11, Double.cos(0.9 * Double.pi / 2)))
        #expect(cards(p, 150).last?.index == 2)
    }

    @Test func coverFlow2IsCoverFlowAtRest() {
        for offset in [0.0, 37.5, 100, 150, 420] {
            let a = cards(carousel(.coverflow) { $0.layout.spacing = 100 }, offset)
            let b = cards(carousel(.coverflow2) { $0.layout.spacing = 100 }, offset)
            #expect(a == b)
        }
    }

    @Test func timeMachineFadesItemsAhead() {
        let p = carousel(.timeMachine)
        #expect(cards(p, 200).map(\.index) == [0, 1])
        let out = cards(p, 300)
        #expect(out.map(\.index) == [0, 1, 2])
        let two = card(2, in: out)!
        #expect(close(two.alpha, 0.5))
        // o = 0.5: T(30, 0, 100), W = 0.8.
        #expect(close(anchorOnScreen(two)!.x, 200 + 30 / 0.8))
    }

    @Test func invertedTimeMachineFadesItemsBehind() {
        let out = cards(carousel(.invertedTimeMachine), 300)
        #expect(out.map(\.index) == [9, 8, 7, 6, 5, 4, 3, 2, 1])
        let one = card(1, in: out)!
        #expect(close(one.alpha, 0.5))
        // o = -0.5 becomes 0.5 with tilt -0.3: T(-30, 0, 100), in front and to the left.
        #expect(close(one.transform.m41, -30) && close(one.transform.m43, 100))
    }

    @Test func fadeOptionsFollowAlphaForItemWithOffset() {
        let p = carousel(.linear) { c in
            c.carousel.fadeMin = -1
            c.carousel.fadeMax = 1
            c.carousel.fadeRange = 2
            c.carousel.fadeMinAlpha = 0.5
        }
        let options = CarouselOptions(.linear, p)
        #expect(CarouselLayout.fade(0.5, options) == 1)
        #expect(CarouselLayout.fade(2, options) == 0.75)
        #expect(CarouselLayout.fade(-3, options) == 0.5)
        #expect(CarouselLayout.fade(-30, options) == 0.5)
    }

    @Test func wrapTakesTheShortWayRound() {
        // n = 4 with every item visible: at s = 0.4 item 2 sits at +1.6, not -2.4.
        let p = carousel(.rotary, cards: 4)
        let out = cards(p, 80)
        #expect(Set(out.map(\.index)) == Set([-1, 0, 1, 2]))
        #expect(card(2, in: out).map { close($0.ratio, 1.6) } == true)
        #expect(card(-1, in: out)!.item == 3)
    }

    @Test func verticalMovesAlongY() {
        let p = carousel(.linear) { $0.carousel.vertical = true }
        let one = card(1, in: cards(p, 0))!
        #expect(one.transform.m41 == 0 && one.transform.m42 == 200)
    }

    @Test func viewpointShiftsItemsAgainstTheVanishingPoint() {
        let p = carousel(.linear) { $0.carousel.viewpoint = [10, -20] }
        let zero = card(0, in: cards(p, 0))!
        #expect(zero.transform.m41 == -10 && zero.transform.m42 == 20)
        #expect(zero.position == Point(200, 300))
    }
}
