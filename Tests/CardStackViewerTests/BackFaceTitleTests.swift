import CardLayout
import CardStackLook
import Testing

@testable import CardStackViewer

/// The viewer writes no title on a card turned past 90° (its back, ``CardLook/back``), unless
/// the look asks for the front mirrored (docs/render.md, "Back faces").
@Suite struct BackFaceTitleTests {
    /// The default stack with its front card past 90° (offset 84), titled BACK, the rest untitled.
    func frame() throws -> Frame {
        var frame = Layout.frame(Parameters(), offset: 84)
        let slot = try #require(frame.cards.lastIndex { CardPlacement.facesAway($0.quad) })
        for i in frame.cards.indices { frame.cards[i].title = i == slot ? "BACK" : "" }
        return frame
    }

    func text(_ frame: Frame, look: ViewerLook?) -> String {
        var painter = FramePainter(mode: .trueColor)
        painter.look = look
        var buffer = ScreenBuffer(width: 100, height: 37)
        painter.paint(frame, into: &buffer, top: 0, left: 0, columns: 100, rows: 37)
        return String(buffer.cells.map(\.character))
    }

    @Test func aTurnedCardsTitleIsNotWrittenUnlessTheLookMirrorsIt() throws {
        let frame = try frame()
        #expect(!text(frame, look: nil).contains("BACK"))
        var card = Parameters().card
        card.colors = ["#336699"]
        #expect(!text(frame, look: ViewerLook(card: card, images: [])).contains("BACK"))
        card.back = .mirror
        #expect(text(frame, look: ViewerLook(card: card, images: [])).contains("BACK"))
    }
}
