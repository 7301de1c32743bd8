import CardLayout
import CardStackLook
import Testing

@testable import CardStackRender

/// A card turned past 90° shows its back, never its front mirrored (docs/render.md, "Back
/// faces"; issue 45 saw the default stack's front card flash an upside-down title as it fell).
@Suite struct BackFaceTests {
    /// The default stack at `offset`, and the slot of its card turned past 90°.
    func turned(offset: Double) throws -> (frame: Frame, slot: Int) {
        let frame = Layout.frame(Parameters(), offset: offset)
        let slot = try #require(frame.cards.lastIndex { CardPlacement.facesAway($0.quad) && $0.alpha > 0 })
        return (frame, slot)
    }

    func picture(_ frame: Frame, look: Parameters.Card? = nil) throws -> [UInt8] {
        let r = try FrameRenderer(width: 375, height: 667)
        r.setLook(look, parameterFile: nil)
        r.draw(frame, scale: 1)
        return r.withPixels { Array($0) }
    }

    /// The default stack's front card is past 90° from offset 76 to 89 (spacing 30, flip range
    /// 1.0 to 1.1): at each, the picture equals the same frame with that card's title left
    /// out (its back: its colour and edge, no title), and differs from the frame without the
    /// card (the back is drawn, fading as the card does).
    @Test(arguments: [76.0, 78, 80, 84, 88])
    func theDefaultStacksFallingCardShowsItsBackWithoutItsTitle(offset: Double) throws {
        let (frame, slot) = try turned(offset: offset)
        #expect(frame.cards[slot] == frame.cards.last && !frame.cards[slot].title.isEmpty)
        var untitled = frame
        untitled.cards[slot].title = ""
        var without = frame
        without.cards.remove(at: slot)
        let drawn = try picture(frame)
        #expect(drawn == (try picture(untitled)))
        #expect(drawn != (try picture(without)))
    }

    /// The same with a look whose `back` is unset (colours set): the back is the card's
    /// colour; `back = "mirror"` brings the mirrored title back, and `"none"` draws nothing.
    @Test func aLookWithoutBackShowsTheBackAndMirrorAndNoneDoAsTheySay() throws {
        let (frame, slot) = try turned(offset: 80)
        var look = Parameters().card
        look.colors = ["#336699", "#993366"]
        var untitled = frame
        untitled.cards[slot].title = ""
        var without = frame
        without.cards.remove(at: slot)
        #expect(try picture(frame, look: look) == (try picture(untitled, look: look)))
        look.back = .mirror
        #expect(try picture(frame, look: look) != (try picture(untitled, look: look)))
        look.back = CardBack.none
        #expect(try picture(frame, look: look) == (try picture(without, look: look)))
        #expect(CardLook.back == .color)
    }

    /// `snapshot --svg` writes no title on the turned card, with or without a look.
    @Test func theSVGSnapshotWritesNoTitleOnATurnedCard() throws {
        let (frame, slot) = try turned(offset: 84)
        let title = ">\(frame.cards[slot].title)</text>"
        var look = Parameters().card
        look.colors = ["#336699"]
        #expect(!SVGSnapshot.render(frame).contains(title))
        #expect(!SVGSnapshot.render(frame, look: look).contains(title))
        look.back = .mirror
        #expect(SVGSnapshot.render(frame, look: look).contains(title))
    }
}
