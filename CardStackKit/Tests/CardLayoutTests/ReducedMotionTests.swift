import Foundation
import Testing

@testable import CardLayout

/// Reduce Motion's model: `[reduced]` over the file, each style's defaults, the variants and
/// the cross-fade.
@Suite struct ReducedMotionTests {
    @Test func offByDefaultAndInEffectIsTheFileItself() {
        let p = Parameters()
        #expect(!p.animation.reduceMotion)
        #expect(p.inEffect == p)
        #expect(p.reduced.crossfade == 0.25)
        #expect(p.reduced.hasNoOverrides)
    }

    @Test func theDefaultsTakeTheMotionTowardTheViewerAway() {
        var p = Parameters()
        p.carousel.tilt = 0.9
        p.animation.spring = Spring(duration: 0.5, bounce: 0.3)
        p.animation.curve = .bezier(0.3, -0.4, 0.6, 1.5)
        let r = p.reducedVariant()
        #expect(r.animation.reduceMotion)
        #expect(r.layout.m34 == 0, "perspective off")
        #expect(r.layout.flipRange == [1.0, 1.0], "the flip range collapses onto its start")
        #expect(r.carousel.tilt == 0)
        #expect(r.animation.spring?.bounce == 0, "no overshoot")
        #expect(r.animation.spring?.response == 0.5)
        #expect(r.animation.curve == .bezier(0.3, 0, 0.6, 1))
        #expect(r.layout.spacing == p.layout.spacing && r.layout.cards == p.layout.cards)
        #expect(r.animation.duration == p.animation.duration)
        #expect(r.fullVariant() != p, "the pose stays reduced: fullVariant only turns the switch off")
        #expect(r.fullVariant().animation.reduceMotion == false)
    }

    @Test func everyOverrideWinsOverDefaultAndFile() {
        var p = Parameters()
        p.reduced.animation.duration = 0.12
        p.reduced.animation.curve = .linear
        p.reduced.animation.removeDuration = 0.05
        p.reduced.animation.spring = Spring(dampingRatio: 0.5, response: 0.3)
        p.reduced.layout.m34 = -0.001
        p.reduced.layout.flipRange = [1.0, 1.05]
        p.reduced.layout.scaleStep = 0.05
        p.reduced.carousel.tilt = 0.2
        p.reduced.carousel.itemSpacing = 0.5
        p.animation.reduceMotion = true
        let r = p.inEffect
        #expect(r.animation.duration == 0.12 && r.animation.curve == .linear && r.animation.removeDuration == 0.05)
        #expect(r.animation.spring == Spring(dampingRatio: 0.5, response: 0.3), "a written spring is kept as written")
        #expect(r.layout.m34 == -0.001 && r.layout.flipRange == [1.0, 1.05] && r.layout.scaleStep == 0.05)
        #expect(r.carousel.tilt == 0.2 && r.carousel.itemSpacing == 0.5)
        #expect(r == p.reducedVariant())
    }

    /// Every `[reduced.carousel]` option is taken over the file's (`Carousel`'s `==` compares
    /// them all, so an option `reducedVariant()` leaves out fails here), and each one left
    /// unset keeps the file's, but `tilt`, whose default is 0.
    @Test func everyCarouselOverrideIsTakenAndEveryOtherKept() throws {
        func carousel(_ json: String) throws -> Parameters.Carousel {
            try JSONDecoder().decode(Parameters.Carousel.self, from: Data(json.utf8))
        }
        var p = Parameters()
        p.carousel = try carousel(
            #"{"item_spacing": 0.75, "arc": 3, "radius": 250, "angle": 0.3, "tilt": 0.9, "count": 7, "#
                + #""visible_items": 9, "fade_min": -1, "fade_max": 1, "fade_range": 2, "fade_min_alpha": 0.25, "#
                + #""show_backfaces": true, "vertical": false, "viewpoint": [1, 2]}"#)
        var flat = p.carousel
        flat.tilt = 0
        #expect(p.reducedVariant().carousel == flat)
        p.reduced.carousel = try carousel(
            #"{"item_spacing": 0.25, "arc": 6, "radius": 400, "angle": 0.1, "tilt": 0.2, "count": 12, "#
                + #""visible_items": 30, "fade_min": -2, "fade_max": 2, "fade_range": 1.5, "fade_min_alpha": 0, "#
                + #""show_backfaces": false, "vertical": true, "viewpoint": [0, -12.5]}"#)
        #expect(p.reduced.carousel.viewpoint == [0, -12.5] && p.reduced.carousel.count == 12)
        #expect(p.reducedVariant().carousel == p.reduced.carousel)
    }

    @Test func aCollapsedFlipRangeLaysOutFinitely() {
        var p = Parameters()
        p.animation.reduceMotion = true
        let r = p.inEffect
        for k in 0...60 {
            let frame = Layout.frame(r, offset: Double(k) * 0.5)
            for card in frame.cards {
                #expect(card.alpha > 0 && card.alpha <= 1)
                #expect(card.quad != nil, "card \(card.index) at offset \(Double(k) * 0.5)")
                #expect(card.transform.m34 == 0, "no perspective")
            }
        }
    }

    @Test func recordingsWithoutTheKeysStillDecodeAndTheKeysRoundTrip() throws {
        var p = Parameters()
        p.animation.reduceMotion = true
        p.reduced.crossfade = 0
        p.reduced.animation.fps = 30
        p.reduced.layout.m34 = 0
        p.reduced.carousel.fadeMin = -.infinity
        let data = try JSONEncoder().encode(p)
        #expect(try JSONDecoder().decode(Parameters.self, from: data) == p)

        var old = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(Parameters())) as? [String: Any])
        old["reduced"] = nil
        var animation = try #require(old["animation"] as? [String: Any])
        animation["reduce_motion"] = nil
        old["animation"] = animation
        let decoded = try JSONDecoder().decode(Parameters.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decoded == Parameters())
    }

    @Test func theCrossfadeDissolvesInPlace() {
        let p = Parameters()
        let before = Layout.frame(p, offset: 0).cards
        let after = Layout.frame(p, offset: p.layout.spacing).cards
        #expect(
            Crossfade.cards(from: before, to: after, progress: 0) == before.filter { b in
                !after.contains { Crossfade.same($0, b) }
            } + after.filter { a in before.contains { Crossfade.same($0, a) } })
        let end = Crossfade.cards(from: before, to: after, progress: 1)
        #expect(end == after, "at 1 only the new deck shows, at its own alphas")
        let half = Crossfade.cards(from: before, to: after, progress: 0.5)
        for card in half {
            let own = (before + after).first { $0.index == card.index && $0.position == card.position }
            let alpha = try? #require(own).alpha
            #expect(card.alpha == (alpha ?? -1) * 0.5, "card \(card.index)")
            #expect(
                before.contains { $0.transform == card.transform && $0.index == card.index }
                    || after.contains { $0.transform == card.transform && $0.index == card.index }, "nothing moves")
        }
        #expect(Crossfade.factors(progress: -1) == (1, 0) && Crossfade.factors(progress: 2) == (0, 1))
        #expect(Crossfade.factors(progress: .nan) == (1, 0))
        let same = Crossfade.cards(from: before, to: before, progress: 0.3)
        #expect(same == before, "a card that does not change does not flicker")
        let zs = half.map(\.z)
        #expect(zs == zs.sorted() && Set(zs).count == zs.count, "z increases along the frame")
        #expect(half.suffix(after.count).map(\.z) == after.map(\.z), "the new deck keeps its z")
    }

    @Test func aCrossfadeFrameHoldsAtMostTheCardsAFrameHolds() {
        var p = Parameters()
        p.layout.scaleStep = 0.001
        p.layout.cards = 5000
        let before = Layout.frame(p, offset: 0).cards
        let after = Layout.frame(p, offset: p.layout.spacing).cards
        #expect(before.count + after.count > StackLayout.maximumCards)
        let half = Crossfade.cards(from: before, to: after, progress: 0.5)
        #expect(half.count == StackLayout.maximumCards)
        #expect(
            half.suffix(after.count).map(\.index) == after.map(\.index), "the new deck whole, the old one's nearest")
    }
}
