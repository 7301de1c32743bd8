import CardLayout
import Foundation
import Testing

@Suite struct StackLayoutTests {
    /// docs/layouts.md §1.7's setting: 300 x 200 cards in a 375 x 667 viewport.
    var seed: Parameters {
        var p = Parameters()
        p.card.width = 300
        p.card.height = 200
        return p
    }

    func card(_ frame: Frame, index: Int) -> CardPlacement? { frame.cards.first { $0.index == index } }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func atRestEveryCardSitsThirtyPointsHigher() throws {
        let frame = Layout.frame(seed, offset: 0)
        #expect(frame.cards.count == 10)  // r = 1.0 ... 0.1
        for i in 0..<10 {
            let c = try #require(card(frame, index: i))
            #expect(close(c.ratio, 1 - 0.1 * Double(i)))
            #expect(close(c.scale, 1 - 0.1 * Double(i)))
            #expect(c.alpha == 1)
            #expect(close(c.position.y, 433.5 - 30 * Double(i)))
            #expect(c.position.x == 187.5)
            #expect(c.z == 10000 - i)
        }
        #expect(frame.front == 0)
        // Each card behind peeks out 10 pt above the previous one: top edge at H/2 - 100 - 10 i.
        for i in 0..<10 {
            let quad = try #require(card(frame, index: i)?.quad)
            #expect(close(quad[0].y, 333.5 - 100 - 10 * Double(i)))
        }
    }

    /// The README's `flip_range = [1.0, 1.2]` at offset 30: card 0 is edge-on half-way
    /// through its longer flip and card 10 has flipped away (alpha 0); card 1 is in front.
    @Test func frontIsTheVisibleCardWithTheHighestZ() {
        var p = seed
        p.layout.flipRange = [1.0, 1.2]
        let frame = Layout.frame(p, offset: 30)
        #expect(frame.front == 1)
        let seen = frame.cards.filter(\.isVisible)
        #expect(seen.max { $0.z < $1.z }?.item == 1)
        #expect(Layout.frontItem([]) == nil)
    }

    @Test func halfwayTheFrontCardIsEdgeOnAndTheOneBehindIsInFront() throws {
        let frame = Layout.frame(seed, offset: 15)
        // Edge-on, card 0 covers under a square point: the card drawn in front is card 1.
        #expect(frame.front == 1 && frame.cards.last?.item == 0 && frame.cards.last?.isVisible == false)
        let front = try #require(card(frame, index: 0))
        #expect(close(front.ratio, 1.05))
        #expect(close(front.alpha, 0.5))
        #expect(front.scale == 1)
        #expect(close(front.position.y, 433.5))
        // θ = -179.999° · 0.5 = -89.9995°: m22 = cos θ, m23 = sin θ.
        let theta = -89.9995 * Double.pi / 180
        #expect(close(front.transform.m22, cos(theta)) && close(front.transform.m23, sin(theta)))
        // Edge-on: the top edge comes toward the viewer (z = +200, W = 0.9), 1/0.9 wider.
        let quad = try #require(front.quad)
        #expect(close(quad[1].x - quad[0].x, 300 / (1 - 200 * sin(-theta) / 2000), 1e-6))
        let second = try #require(card(frame, index: 1))
        #expect(close(second.ratio, 0.95) && close(second.scale, 0.95) && close(second.position.y, 418.5))
        #expect(frame.cards.count == 11)  // one flipping, ten behind
        // Drawn last, but edge-on: the card in front is the one behind it.
        #expect(frame.cards.last?.index == 0 && frame.front == 1)
    }

    @Test func afterAFullStepTheOldFrontCardIsGone() throws {
        let frame = Layout.frame(seed, offset: 30)
        #expect(card(frame, index: 0) == nil)  // r = 1.1: alpha 0, not in the frame
        let front = try #require(card(frame, index: 1))
        #expect(close(front.ratio, 1) && front.alpha == 1 && frame.front == 1)
    }

    @Test func wrapAcrossTheSeam() throws {
        // Offset -15 wraps to 11 * 30 - 15 = 315: card 10 flips, card 11 shows item 0.
        let frame = Layout.frame(seed, offset: -15)
        #expect(close(frame.offset, 315))
        let flipping = try #require(card(frame, index: 10))
        #expect(close(flipping.alpha, 0.5) && flipping.item == 10)
        let next = try #require(card(frame, index: 11))
        #expect(next.item == 0 && close(next.ratio, 0.95))
        let back = try #require(frame.cards.first)
        #expect(back.index == 20 && back.item == 9)
        // One full turn later the frame is the same.
        #expect(Layout.frame(seed, offset: 315) == frame)
        #expect(Layout.frame(seed, offset: 315 + 330 * 1000) == frame)
    }

    @Test func noWrapStopsAtTheEnds() {
        var p = seed
        p.layout.wrap = false
        let start = Layout.frame(p, offset: -100)
        #expect(start.offset == 0)
        #expect(start.cards.allSatisfy { $0.index >= 0 && $0.index < 11 })
        let end = Layout.frame(p, offset: 10_000)
        #expect(end.offset == 300)
        #expect(end.cards.map(\.index) == [10])
        #expect(end.front == 10)
    }

    @Test func nonDefaultParameters() throws {
        var p = seed
        p.layout.spacing = 40
        p.layout.scaleStep = 0.2
        p.layout.flipRange = [1.0, 1.2]
        let frame = Layout.frame(p, offset: 20)  // half a card
        let front = try #require(card(frame, index: 0))
        #expect(close(front.ratio, 1.1) && close(front.alpha, 0.5))
        let second = try #require(card(frame, index: 1))
        #expect(close(second.ratio, 0.9) && close(second.scale, 0.9))
        #expect(close(second.position.y, 433.5 - 0.1 * 40 / 0.2))
        #expect(frame.cards.count == 6)  // r = 1.1, 0.9, 0.7, 0.5, 0.3, 0.1
    }

    @Test func aFlipStartingBelowOneScalesAndFlips() throws {
        var p = seed
        p.layout.flipRange = [0.9, 1.0]
        let frame = Layout.frame(p, offset: 0)
        #expect(card(frame, index: 0) == nil)  // r = 1 = f1: faded out
        let second = try #require(card(frame, index: 1))  // r = 0.9: on the edge of the band
        #expect(second.alpha == 1 && close(second.scale, 0.9))
        let moving = Layout.frame(p, offset: 27)  // card 1 at r = 0.99: t = 0.9
        let c = try #require(card(moving, index: 1))
        #expect(close(c.alpha, 0.1) && close(c.scale, 0.99))
        // Scale acts first, then the rotation: m11 is the scale, m22 = scale · cos θ.
        let theta = -179.999 * 0.9 * Double.pi / 180
        #expect(close(c.transform.m11, 0.99) && close(c.transform.m22, 0.99 * cos(theta)))
    }

    @Test func theFrameCostFollowsTheWindowNotTheDeck() {
        var small = seed
        var huge = seed
        huge.layout.cards = 1_000_000
        small.layout.cards = 11
        for offset in [0.0, 15, 29_999_985] {
            #expect(Layout.frame(huge, offset: offset).cards.count <= 11)
        }
        #expect(Layout.frame(small, offset: 15).cards.count == Layout.frame(huge, offset: 15).cards.count)
    }

    @Test func snapAndFlingTargets() {
        let p = Parameters()
        #expect(Layout.snapPoint(44, p) == 30)
        #expect(Layout.snapPoint(45, p) == 60)
        #expect(Layout.snapPoint(-44, p) == -30)
        // v = 1000 pt/s at 0.998 coasts 1 · 0.998 / 0.002 = 499 pt: nearest snap point 510.
        #expect(Layout.flingTarget(from: 0, velocity: 1000, p) == 510)
        var unsnapped = p
        unsnapped.animation.snap = false
        #expect(close(Layout.flingTarget(from: 0, velocity: 1000, unsnapped), 499))
        var clamped = p
        clamped.layout.wrap = false
        #expect(Layout.flingTarget(from: 0, velocity: 100_000, clamped) == 300)
        #expect(Layout.flingTarget(from: 0, velocity: -100_000, clamped) == 0)
    }

    @Test func motionLandsExactlyOnItsTarget() {
        let m = Motion.fling(from: 0, to: 510, deceleration: 0.998)
        #expect(m.duration == 2)
        #expect(m.position(at: 0) == 0)
        #expect(m.position(at: 2) == 510)
        var last = 0.0
        for step in 1...120 {
            let x = m.position(at: Double(step) / 60)
            #expect(x >= last)  // never goes back
            last = x
        }
        #expect(last == 510)
        // Decelerating: the first half covers more than the second.
        #expect(m.position(at: 1) > 255)
    }
}
