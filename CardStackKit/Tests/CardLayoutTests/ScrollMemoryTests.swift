import Testing

@testable import CardLayout

@Suite struct ScrollMemoryTests {
    let coverflow2 = parameters(.coverflow2) {
        $0.layout.spacing = 100
        $0.layout.cards = 20
    }
    let switcher = parameters(.switcher7) {
        $0.layout.spacing = 300
        $0.layout.cards = 8
    }

    @Test func theToggleIsSetWhenTheIndexChangesAndEasesBack() {
        var m = ScrollMemory()
        m.observe(offset: 0, at: 0, velocity: 0, animating: false, parameters: coverflow2)
        #expect(m.toggleValue(at: 0) == 0 && !m.isEasing(at: 0))
        m.observe(offset: 60, at: 1, velocity: 0, animating: false, parameters: coverflow2)
        // Forward: previous 0 - current 1 = -1; no speed known, so 0.4 s.
        #expect(m.toggleValue(at: 1) == -1)
        #expect(close(m.toggleValue(at: 1.2), -0.5))
        #expect(m.isEasing(at: 1.3) && !m.isEasing(at: 1.41))
        #expect(m.toggleValue(at: 1.4) == 0)
        // A fast drag eases in 0.2 s (+ 0.2 / speed).
        m.observe(offset: 160, at: 2, velocity: 1000, animating: false, parameters: coverflow2)
        #expect(m.toggle?.duration == 0.2 + 0.2 * 0.1)
        // Animating: iCarousel draws plain cover flow, and the toggle is dropped.
        m.observe(offset: 260, at: 3, velocity: 0, animating: true, parameters: coverflow2)
        #expect(m.context(at: 3, animating: true).coverFlowToggle == nil && m.toggle == nil)
        // Other styles never ease a toggle (the daemon draws no extra frames for them).
        var other = ScrollMemory()
        other.observe(offset: 0, at: 0, velocity: 0, animating: false, parameters: switcher)
        other.observe(offset: 600, at: 0, velocity: 0, animating: false, parameters: switcher)
        #expect(other.toggle == nil && !other.isEasing(at: 0))
    }

    @Test func coverFlow2FollowsTheToggle() {
        // The card arriving in the centre starts fully turned and turns flat as the toggle eases.
        let arriving = 0.4
        #expect(CarouselLayout.coverFlow2Turn(arriving, toggle: -1) == 1)
        #expect(CarouselLayout.coverFlow2Turn(arriving, toggle: -0.5) == 0.5)
        #expect(CarouselLayout.coverFlow2Turn(arriving, toggle: 0) == 0)
        // Cards past ±0.5 are fully turned while dragging; beyond 1.5 the clamp.
        #expect(CarouselLayout.coverFlow2Turn(0.6, toggle: 0) == 1)
        #expect(CarouselLayout.coverFlow2Turn(-0.6, toggle: 0) == -1)
        #expect(CarouselLayout.coverFlow2Turn(-2, toggle: 0.3) == -1)
        #expect(CarouselLayout.coverFlow2Turn(1, toggle: 0.3) == 0.7)
        // Without a toggle (resting form) it is cover flow; with toggle 0 at rest too.
        let context = ScrollContext(coverFlowToggle: 0)
        let plain = parameters(.coverflow) {
            $0.layout.spacing = 100
            $0.layout.cards = 20
        }
        #expect(
            Layout.frame(coverflow2, offset: 300, context: context).cards.map(\.quad)
                == Layout.frame(plain, offset: 300).cards.map(\.quad))
        #expect(Layout.frame(coverflow2, offset: 340, context: context).cards != Layout.frame(plain, offset: 340).cards)
        #expect(
            Layout.frame(coverflow2, offset: 340).cards.map(\.quad)
                == Layout.frame(plain, offset: 340).cards.map(\.quad))
    }

    @Test func theSwitcherCurrentCardHasHysteresis() {
        var m = ScrollMemory()
        m.observe(offset: 0, at: 0, velocity: 0, animating: false, parameters: switcher)
        #expect(m.switcherCurrent == 0)
        m.observe(offset: 200, at: 0, velocity: 0, animating: false, parameters: switcher)
        #expect(m.switcherCurrent == 0, "two thirds of a page: not yet")
        m.observe(offset: 240, at: 0, velocity: 0, animating: false, parameters: switcher)
        #expect(m.switcherCurrent == 1, "80 % of a page")
        m.observe(offset: 100, at: 0, velocity: 0, animating: false, parameters: switcher)
        #expect(m.switcherCurrent == 1, "coming back a little keeps the new card")
        m.observe(offset: 1300, at: 0, velocity: 0, animating: false, parameters: switcher)
        #expect(m.switcherCurrent == 4, "a jump moves by whole pages")
    }

    @Test func theSwitcherDrawsItsCurrentCard() {
        // At 200 pt from card 0, the nearest page is card 1, but coming from card 0 it is still current.
        let resting = Layout.frame(switcher, offset: 200)
        let stateful = Layout.frame(switcher, offset: 200, context: ScrollContext(switcherCurrent: 0))
        func scale(_ frame: Frame, _ index: Int) -> Double? { card(index, in: frame.cards)?.scale }
        #expect(close(scale(stateful, 0) ?? 0, 1 - 0.1 * 2.0 / 3))
        #expect(close(scale(stateful, 1) ?? 0, 0.9 + 0.1 * 2.0 / 3))
        #expect(close(scale(resting, 1) ?? 0, 1 - 0.1 * 1.0 / 3))
        #expect(
            Layout.frame(switcher, offset: 300, context: ScrollContext(switcherCurrent: 1))
                == Layout.frame(switcher, offset: 300))
    }
}
