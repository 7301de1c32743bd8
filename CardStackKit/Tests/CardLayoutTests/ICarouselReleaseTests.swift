import Testing

@testable import CardLayout

/// iCarousel's release (docs/layouts.md §2.9): the constant deceleration, the 0.4 s scroll to
/// the item boundary, the bounce back.
@Suite struct ICarouselReleaseTests {
    let p = deck(.icarousel)  // 11 items, 30 points each, no wrap, bounce 1

    /// iCarousel's ease, e(x) = ½(2x)³ below ½, ½(2x − 2)³ + 1 above.
    func ease(_ x: Double) -> Double { x < 0.5 ? 4 * x * x * x : 0.5 * (2 * x - 2) * (2 * x - 2) * (2 * x - 2) + 1 }

    @Test func aThrowDeceleratesConstantlyOntoTheItemBoundary() {
        // 2.3 items at 6 items/s: coasts 2, ends on 5 in T = 2.7/3 s.
        let m = ICarousel.release(from: 69, velocity: 180, p)
        let total = 2.7 / 3
        #expect(m.pieces.count == 1 && close(m.end, total))
        for i in 0...90 {
            let t = Double(i) / 100
            let s = 2.3 + 6 * t - 0.5 * (6 / total) * t * t
            #expect(close(m.position(at: t), min(t, total) == total ? 150 : s * 30), "t \(t)")
        }
        #expect(m.to == 150 && m.velocity(at: 0) == 180)
    }

    @Test func aThrowPastTheEdgeStopsAtTheBounceDistanceAndScrollsBack() {
        let m = ICarousel.release(from: 240, velocity: 600, p)  // 8 items at 20 items/s: coasts 6.67
        #expect(m.pieces.count == 2)
        let total = 3.0 / 10  // to 11 (= n − 1 + bounce) from 8 at half of 20
        #expect(close(m.pieces[0].duration, total) && m.pieces[0].rest == 330)
        #expect(m.pieces[1] == .eased(from: 330, to: 300, duration: 0.4, curve: .cubic))
        for x in [0.1, 0.25, 0.5, 0.8] {
            #expect(close(m.position(at: total + 0.4 * x), 330 - 30 * ease(x)))
        }
        #expect(m.to == 300 && m.position(at: m.end) == 300)
    }

    @Test func aSlowReleaseScrollsToTheItemIn04Seconds() {
        let slow = deck(.icarousel) { $0.scroll.decelerationRate = 0 }  // coasts v/60
        // 2.3 items, 1 item/s: back to 2.
        var m = ICarousel.release(from: 69, velocity: 30, slow)
        #expect(m.pieces == [.eased(from: 69, to: 60, duration: 0.4, curve: .cubic)])
        #expect(close(m.position(at: 0.1), 69 - 9 * ease(0.25)))
        // 2.3 items at 3 items/s (coasts 0.05, no deceleration): on to 3.
        m = ICarousel.release(from: 69, velocity: 90, slow)
        #expect(m.to == 90 && m.end == 0.4)
        // Exactly 2 items/s is not faster than 2: back to 2.
        #expect(ICarousel.release(from: 69, velocity: 60, slow).to == 60)
        // 2.05 items is not more than 0.1 off: back to 2 even at 3 items/s.
        #expect(ICarousel.release(from: 61.5, velocity: 90, slow).to == 60)
        #expect(ICarousel.release(from: 2.1 * 30, velocity: 90, slow).to == 90, "2.1 is 0.1 off: not more")
        #expect(ICarousel.release(from: 2.1000001 * 30, velocity: 90, slow).to == 90)
        // Within 1e-6 of an item: a 0.01 s scroll.
        m = ICarousel.release(from: 60 + 1e-6, velocity: 0, slow)
        #expect(m.pieces == [.eased(from: 60 + 1e-6, to: 60, duration: 0.01, curve: .cubic)])
        #expect(ICarousel.release(from: 60, velocity: 0, slow) == .none)
    }

    @Test func withoutScrollToItemBoundaryItStaysUnlessPastAnEdge() {
        let free = deck(.icarousel) {
            $0.scroll.scrollToItemBoundary = false
            $0.scroll.decelerationRate = 0
        }
        #expect(ICarousel.release(from: 69, velocity: 30, free) == .none)
        #expect(ICarousel.release(from: -15, velocity: 0, free).to == 0, "past the first item: back")
        #expect(ICarousel.release(from: 315, velocity: 0, free).to == 300, "past the last")
    }

    @Test func bothSidesOfEachEdge() {
        let slow = deck(.icarousel) { $0.scroll.decelerationRate = 0 }
        for (from, to) in [(-0.1, 0.0), (0.1, 0), (-20, 0), (299.9, 300), (300.1, 300), (320, 300)] {
            let m = ICarousel.release(from: from, velocity: 0, slow)
            #expect(m.to == to, "from \(from)")
            #expect(frames(m, fps: 1000).allSatisfy { from < 0 ? $0 <= 0 : from > 300 ? $0 >= 300 : true })
        }
        // Wrapping: no edge, the nearest copy of an item.
        let ring = deck(.icarousel, wrap: true) { $0.scroll.decelerationRate = 0 }
        #expect(ICarousel.release(from: -20, velocity: 0, ring).to == -30)
        #expect(ICarousel.release(from: 320, velocity: 0, ring).to == 330)
    }

    @Test func aSpringInTheAnimationReplacesTheEase() {
        let sprung = deck(.icarousel) { $0.animation.spring = .smooth }
        let m = ICarousel.release(from: 240, velocity: 600, sprung)
        guard case .spring(_, let from, let to, let v, _) = m.pieces.last else {
            Issue.record("\(m.pieces)")
            return
        }
        #expect(from == 330 && to == 300 && v == 0)
    }
}
