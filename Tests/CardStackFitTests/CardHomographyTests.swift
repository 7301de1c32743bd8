import CardLayout
import Testing

@testable import CardStackFit

/// The homography of a card agrees with the layout's own projection of points on it.
@Suite struct CardHomographyTests {
    @Test func agreesWithTheLayoutOnATurnedCard() throws {
        var p = Parameters()
        p.layout.style = .rotary
        p.layout.m34 = -0.002
        p.card.width = 200
        p.card.height = 200
        p.layout.spacing = 200
        for offset in [0.0, 60, 130] {
            let frame = Layout.frame(p, offset: offset)
            let card = try #require(frame.cards.first { $0.item == 0 })
            let h = try #require(CardHomography(card))
            for (u, v) in [(0.2, 0.3), (0.5, 0.95), (0.9, 0.1), (1.2, -0.1)] {
                let want = try #require(CardPoint.position(u: u, v: v, on: card))
                let got = try #require(h.apply(u, v))
                #expect(abs(got.x - want.x) < 1e-6 && abs(got.y - want.y) < 1e-6, "\(offset) \(u) \(v)")
                let back = try #require(h.inverse.apply(want.x, want.y))
                #expect(abs(back.x - u) < 1e-9 && abs(back.y - v) < 1e-9)
            }
        }
    }
}
