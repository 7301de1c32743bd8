import CardLayout
import CardStackLook
import Testing

@testable import CardStackRender

/// The look's colours with their alpha (`#rrggbbaa`): each painted once, at its own alpha.
@Suite struct FrameRendererColorTests {
    func pixel(_ r: FrameRenderer, _ x: Int, _ y: Int) -> CardColor {
        r.withPixels { p in
            let i = (y * r.width + x) * 4
            return CardColor(p[i + 2], p[i + 1], p[i])
        }
    }

    func close(_ a: CardColor, _ b: CardColor) -> Bool {
        abs(Int(a.redByte) - Int(b.redByte)) <= 2 && abs(Int(a.greenByte) - Int(b.greenByte)) <= 2
            && abs(Int(a.blueByte) - Int(b.blueByte)) <= 2
    }

    @Test func aTranslucentFillAndBorderAreEachPaintedAtTheirOwnAlpha() throws {
        var p = Parameters()
        p.layout.cards = 1
        p.layout.wrap = false  // one card, drawn once
        p.card.titles = [""]
        p.card.colors = ["#ff000080"]
        p.card.borderWidth = 20
        p.card.borderColor = "#0000ff80"
        let frame = Layout.frame(p, offset: 0)
        let r = try FrameRenderer(width: 375, height: 667)
        r.setLook(p.card, parameterFile: nil)
        r.draw(frame, scale: 1)
        let quad = try #require(frame.cards.last?.quad)
        let centre = CardGeometry.centre(quad)
        let half = 128.0 / 255
        let fill = CardLook.background.blended(toward: CardColor(255, 0, 0), by: half)
        #expect(close(pixel(r, Int(centre.x), Int(centre.y)), fill))
        // 10 points inside the card's left edge, half way down: the border over the fill.
        let edge = Int((quad[0].x + quad[3].x) / 2) + 10
        #expect(close(pixel(r, edge, Int(centre.y)), fill.blended(toward: CardColor(0, 0, 255), by: half)))
    }
}
