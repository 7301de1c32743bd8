import CardLayout
import CardStackLook
import Foundation
import Testing

@testable import CardStackRender

/// Frames drawn with Cairo where the daemon's numbers put them, in the page's colours.
@Suite struct FrameRendererTests {
    /// The default stack, computed by CardLayout as the daemon computes it.
    func stack(offset: Double = 0) -> Frame {
        Layout.frame(Parameters(), offset: offset)
    }

    func pixel(_ r: FrameRenderer, _ x: Int, _ y: Int) -> CardColor {
        r.withPixels { p in
            let i = (y * r.width + x) * 4
            return CardColor(p[i + 2], p[i + 1], p[i])
        }
    }

    func close(_ a: CardColor, _ b: CardColor, within: Int = 2) -> Bool {
        abs(Int(a.redByte) - Int(b.redByte)) <= within && abs(Int(a.greenByte) - Int(b.greenByte)) <= within
            && abs(Int(a.blueByte) - Int(b.blueByte)) <= within
    }

    @Test func everyPointOfTheCardIsProjectedAsItsQuadsCorners() {
        // Mid-flip: the front card's transform has rotation and perspective.
        for card in stack(offset: 12).cards {
            guard let quad = card.quad else { continue }
            let g = CardGeometry(card)
            let corners = [
                (0.0, 0.0), (card.size.width, 0), (card.size.width, card.size.height), (0, card.size.height),
            ]
            for (corner, expected) in zip(corners, quad) {
                let p = g.project(corner.0, corner.1)!
                #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9)
            }
        }
    }

    @Test func theRoundedOutlineStaysInsideTheBoxAndTouchesEveryEdge() {
        let outline = CardGeometry.roundedRect(width: 300, height: 200, radius: 12)
        #expect(outline.allSatisfy { $0.x >= -1e-9 && $0.x <= 300 + 1e-9 && $0.y >= -1e-9 && $0.y <= 200 + 1e-9 })
        #expect(outline.contains { abs($0.y) < 1e-9 } && outline.contains { abs($0.x - 300) < 1e-9 })
        // The corner itself is cut: no point within the radius' reach of (0, 0) but on the arc.
        #expect(!outline.contains { $0.x < 3 && $0.y < 3 })
    }

    @Test func theFrontCardsCentreHasItsColourAndOutsideIsTheStage() throws {
        let frame = stack()
        let r = try FrameRenderer(width: 375, height: 667)
        r.draw(frame, scale: 1)
        let front = frame.cards.last!
        let c = CardGeometry.centre(front.quad!)
        // Beside the title, which is drawn at the centre.
        #expect(close(pixel(r, Int(c.x) - 120, Int(c.y)), CardLook.fill(item: front.item)))
        #expect(pixel(r, 3, 3) == CardLook.background)
        #expect(pixel(r, 187, 660) == CardLook.background)
        // The title is white ink about the centre.
        var white = 0
        for dx in -30...30 {
            if close(pixel(r, Int(c.x) + dx, Int(c.y)), CardLook.titleColor, within: 30) { white += 1 }
        }
        #expect(white > 2)
    }

    @Test func aCardsRoundedCornerShowsTheStage() throws {
        let frame = stack()
        let r = try FrameRenderer(width: 375, height: 667)
        r.draw(frame, scale: 1)
        let quad = frame.cards.last!.quad!
        // Just inside the square corner of the front card's box: outside its rounded corner.
        let corner = quad[3]
        #expect(!close(pixel(r, Int(corner.x + 1), Int(corner.y - 2)), CardLook.fill(item: frame.cards.last!.item)))
        #expect(close(pixel(r, Int(corner.x + 20), Int(corner.y - 20)), CardLook.fill(item: frame.cards.last!.item)))
    }

    @Test func aHalfTransparentCardBlendsWithWhatIsBehindAsOneLayer() throws {
        var frame = stack()
        let last = frame.cards.count - 1
        frame.cards[last].alpha = 0.5
        frame.cards[last].title = ""
        let r = try FrameRenderer(width: 375, height: 667)
        r.draw(frame, scale: 1)
        let c = CardGeometry.centre(frame.cards[last].quad!)
        let behind = CardLook.fill(item: frame.cards[last - 1].item)
        let expected = CardLook.fill(item: frame.cards[last].item).blended(toward: behind, by: 0.5)
        #expect(close(pixel(r, Int(c.x), Int(c.y)), expected))
    }

    @Test func theRevealIsACircleOfTheCardsColourOverEverything() throws {
        var frame = stack()
        let front = frame.cards.last!
        let centre = CardGeometry.centre(front.quad!)
        frame.reveal = Reveal(item: front.item, center: centre, radius: 150, progress: 0.3)
        let r = try FrameRenderer(width: 375, height: 667)
        r.draw(frame, scale: 1)
        let colour = CardLook.fill(item: front.item)
        // Below the card, inside the circle: the detail view; just outside it: the stage.
        #expect(close(pixel(r, Int(centre.x), Int(centre.y + 148)), colour))
        #expect(pixel(r, Int(centre.x), Int(centre.y + 152)) == CardLook.background)
    }

    @Test func aSizeFitsTheViewportCentredAndAScaleMagnifies() throws {
        let r = try FrameRenderer(width: 1000, height: 667)
        let fit = r.fit((375, 667), scale: nil)
        #expect(fit.scale == 1 && fit.originX == 312 && fit.originY == 0)
        let double = try FrameRenderer(width: 750, height: 1334)
        #expect(double.fit((375, 667), scale: 2).scale == 2)
    }

    @Test func thePageUsesTheseColoursAndSizes() throws {
        // The page's style sheet as it is in the repository. Its scripts' colours and title size
        // are node's to check (Tests/page/looks.test.mjs pins the same values as below).
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let style = try String(contentsOfFile: "/\(root)/Sources/CardStackWeb/Page/page.css", encoding: .utf8)
        #expect(CardLook.css(item: 3) == "hsl(351, 58%, 44%)")
        #expect(style.contains(".stage {") && style.contains("background: \(CardLook.hex(CardLook.background));"))
        #expect(style.contains("border-radius: 12px;") && CardLook.cornerRadius == 12)
        #expect(style.contains("box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .12);"))
        #expect(CardLook.titleSize(width: 300, height: 200) == 44)
        // And the SVG snapshot says the same.
        let svg = SVGSnapshot.render(stack())
        #expect(svg.contains("fill=\"\(CardLook.css(item: 0))\"") && svg.contains(CardLook.hex(CardLook.background)))
    }
}
