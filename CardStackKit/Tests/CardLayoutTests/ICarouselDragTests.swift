import Testing

@testable import CardLayout

/// iCarousel's drag (docs/layouts.md §2.9): the factor past an edge, the clamp, the cover
/// flows' multiplier; and its coasting distance and release thresholds, in items.
@Suite struct ICarouselDragTests {
    let p = deck(.icarousel)  // 11 items, 30 points each, no wrap, bounce 1

    @Test func theFactorFallsToZeroAtTheBounceDistance() {
        for s in [0.0, 3.3, 10] { #expect(ICarousel.factor(s, p) == 1) }
        for (s, f) in [(-0.25, 0.75), (-0.5, 0.5), (-1, 0), (-2, 0), (10.5, 0.5), (11, 0)] {
            #expect(close(ICarousel.factor(s, p), f), "at \(s)")
        }
        let short = deck(.icarousel) { $0.scroll.bounceDistance = 0.2 }
        #expect(close(ICarousel.factor(-0.1, short), 0.5))
        #expect(ICarousel.factor(-0.5, deck(.icarousel, wrap: true)) == 1, "no factor when wrapping")
        #expect(ICarousel.factor(-0.5, deck(.icarousel) { $0.scroll.bounces = false }) == 1)
    }

    @Test func aDragPastTheFirstItemSlowsByTheFactorAndStopsAtTheBounce() {
        var s = ICarousel.dragged(0, by: -15, p)
        #expect(s == -0.5, "inside: one item per spacing")
        s = ICarousel.dragged(s, by: -15, p)
        #expect(close(s, -0.5 - 0.5 * 0.5), "then at half speed")
        for _ in 0..<1000 { s = ICarousel.dragged(s, by: -30, p) }
        #expect(s >= -1 && s < -0.99, "never past the bounce distance")
        #expect(ICarousel.dragged(10, by: 45, p) == 11, "clamped at n − 1 + bounce")
        let walls = deck(.icarousel) { $0.scroll.bounces = false }
        #expect(ICarousel.dragged(0, by: -15, walls) == 0 && ICarousel.dragged(10, by: 15, walls) == 10)
        #expect(ICarousel.dragged(0, by: -45, deck(.icarousel, wrap: true)) == -1.5, "wrapping: no edge")
    }

    @Test func theCoverFlowsMoveTwiceAsFar() {
        for style in Style.allCases where style.defaultScrollModel == .icarousel {
            var q = p
            q.layout.style = style
            let expected = style == .coverflow || style == .coverflow2 ? 2.0 : 1.0
            #expect(ICarousel.dragged(3, by: 15, q) == 3 + 0.5 * expected, "\(style)")
        }
    }

    @Test func theCoastingDistanceIsVOver60TimesOneMinusTheRate() {
        for rate in [0.95, 0.5, 0.0, 0.99] {
            let q = deck(.icarousel) { $0.scroll.decelerationRate = rate }
            for v in [-7.0, 3, 12] {
                #expect(close(ICarousel.coastingDistance(v, q), v / (60 * (1 - rate))))
            }
        }
        #expect(close(ICarousel.coastingDistance(6, p), 2), "v/3 at the default 0.95")
        #expect(ICarousel.coastingDistance(6, deck(.icarousel) { $0.scroll.decelerationRate = 1 }) == 0)
    }

    @Test func itDeceleratesOnlyAboveTwoItemsASecondAndATenthOfAnItem() {
        #expect(!ICarousel.shouldDecelerate(2, p) && !ICarousel.shouldDecelerate(-2, p))
        #expect(ICarousel.shouldDecelerate(2.0.nextUp, p) && ICarousel.shouldDecelerate(-2.0.nextUp, p))
        // At a rate of 0.5, 3 items/s coasts exactly 0.1 item: not enough.
        let half = deck(.icarousel) { $0.scroll.decelerationRate = 0.5 }
        #expect(close(ICarousel.coastingDistance(3, half), 0.1))
        #expect(!ICarousel.shouldDecelerate(3, half))
        #expect(ICarousel.shouldDecelerate(3.01, half))
    }

    @Test func theReleaseVelocityIsInItemsWithTheFactorAndTheSpeed() {
        #expect(ICarousel.itemVelocity(300, at: 2, p) == 10)
        #expect(close(ICarousel.itemVelocity(300, at: -0.5, p), 5))
        let fast = deck(.icarousel) { $0.scroll.scrollSpeed = 2 }
        #expect(ICarousel.itemVelocity(300, at: 2, fast) == 20)
    }

    @Test func theDecelerationPlan() {
        #expect(ICarousel.decelerationEnd(from: 2.3, velocity: 6, p) == 5, "2.3 + 2 = 4.3, up to 5")
        #expect(ICarousel.decelerationEnd(from: 2.3, velocity: -6, p) == 0, "0.3, down to 0")
        let free = deck(.icarousel) { $0.scroll.stopAtItemBoundary = false }
        #expect(close(ICarousel.decelerationEnd(from: 2.3, velocity: 6, free), 4.3))
        let paged = deck(.icarousel) { $0.scroll.paging = true }
        #expect(ICarousel.decelerationEnd(from: 2.3, velocity: 60, paged) == 3)
        #expect(ICarousel.decelerationEnd(from: 2.3, velocity: -60, paged) == 2)
        #expect(ICarousel.decelerationEnd(from: 8, velocity: 60, p) == 11, "kept at n − 1 + bounce")
        #expect(ICarousel.decelerationEnd(from: 2, velocity: -60, p) == -1)
        let walls = deck(.icarousel) { $0.scroll.bounces = false }
        #expect(ICarousel.decelerationEnd(from: 8, velocity: 60, walls) == 10)
        #expect(ICarousel.decelerationEnd(from: 8, velocity: 60, deck(.icarousel, wrap: true)) == 28)
        #expect(ICarousel.decelerationDuration(from: 2.3, to: 5, velocity: 6) == 2.7 / 3)
    }
}
