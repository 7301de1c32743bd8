import Testing

@testable import CardLayout

/// A finger on the deck: `began` catches a running move where it is, `changed` moves the
/// deck under the model's resistance, `ended` hands the velocity to the model.
@Suite struct DragTests {
    @Test(arguments: ScrollModel.allCases)
    func beganCatchesAMoveWhereItIs(model: ScrollModel) {
        let p = deck(model, cards: 100)
        let running = ScrollMotion.release(from: 600, velocity: 2000, p)
        for t in [0.0, 0.05, 0.3, running.end / 2] {
            var drag = Drag(catching: running, at: t, p)
            #expect(drag.offset == running.position(at: t), "position continuous at \(t)")
            drag.changed(by: 0, p)
            #expect(close(drag.offset, running.position(at: t)), "a finger that has not moved holds it")
        }
    }

    @Test func scrollViewEndedHandsOverTheVelocity() {
        let p = deck(.scrollView, cards: 100)
        var drag = Drag(at: 600, p)
        drag.changed(by: 40, p)
        #expect(drag.offset == 640 && drag.translation == 40)
        let m = drag.ended(velocity: 1500, p)
        #expect(m.state(at: 0).x == 640 && m.state(at: 0).v == 1500, "velocity continuous")
    }

    @Test func aDragPastTheFirstCardIsBandedAndReturnsToZeroAtRest() {
        let p = deck(.scrollView)
        var drag = Drag(at: 0, p)
        drag.changed(by: -30, p)
        drag.changed(by: -20, p)
        #expect(close(drag.offset, -ScrollView.rubberBand(50, constant: 0.55, extent: 667)))
        let back = drag.ended(velocity: 0, p)
        let x = frames(back, fps: 1000)
        #expect(x.allSatisfy { $0 <= 0 } && back.to == 0 && back.velocity(at: back.end) == 0)
        // Caught on its way back, the finger stands where the band puts that offset.
        var again = Drag(catching: back, at: 0.05, p)
        let shown = again.offset
        again.changed(by: -10, p)
        let finger = ScrollView.unband(shown, constant: 0.55, extent: 667) - 10
        #expect(close(again.offset, -ScrollView.rubberBand(-finger, constant: 0.55, extent: 667)))
    }

    @Test func icarouselDragsByItsFactorAndReleasesWithIt() {
        let p = deck(.icarousel)
        var drag = Drag(at: 0, p)
        drag.changed(by: -15, p)
        drag.changed(by: -15, p)
        #expect(close(drag.offset, -0.75 * 30))
        let m = drag.ended(velocity: -300, p)
        #expect(m.to == 0, "back from past the first item")
        #expect(frames(m, fps: 1000).allSatisfy { $0 <= 0 })
    }

    @Test func flipCountsFromTheCardItBeganOn() {
        let p = deck(.flip, wrap: true) { $0.layout.spacing = 150 }
        var drag = Drag(at: 300, p)
        drag.changed(by: 60, p)
        drag.changed(by: 15, p)
        #expect(drag.offset == 337.5)
        #expect(drag.ended(velocity: -5000, p).to == 450, "half way: on, whatever the velocity")
    }

    @Test func aChangeOfNothingOrNotANumberMovesNothing() {
        let p = deck(.scrollView)
        var drag = Drag(at: 90, p)
        drag.changed(by: .nan, p)
        drag.changed(by: .infinity, p)
        #expect(drag.offset == 90)
        #expect(drag.ended(velocity: .nan, p) == .none, "at rest on a card: no move")
    }
}
