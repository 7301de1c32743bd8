import CardLayout
import CardStackLook
import Testing

@testable import CardStackViewer

@Suite struct QuadRasterizerTests {
    /// `.` outside the viewport, space inside, lowercase interior, uppercase outline; the
    /// trapezoid (drawn later) covers the rectangle where they overlap.
    @Test func twoCardsGolden() {
        let grid = QuadRasterizer.rasterize(Fixtures.twoCards, width: 24, height: 10)
        #expect(
            grid.ascii == [
                "..                    ..",
                "..  AAAAAAAA          ..",
                "..  AaaaaaaA          ..",
                "..  AaaaaaBBBBBBBB    ..",
                "..  AaaaaaBbbbbbbB    ..",
                "..  AaaaaBbbbbbbbbB   ..",
                "..  AAAAABbbbbbbbbB   ..",
                "..       BbbbbbbbbB   ..",
                "..      BBBBBBBBBBBB  ..",
                "..                    ..",
            ])
    }

    /// Scaling keeps the viewport's aspect ratio: a 10 x 20 point viewport in a 10 x 10
    /// grid is 5 pixels wide, centred.
    @Test func fitKeepsAspectRatio() {
        let frame = Frame(
            offset: 0, front: 0, style: .stack, viewport: (10, 20),
            cards: [Fixtures.card(0, [(0, 0), (10, 0), (10, 20), (0, 20)])])
        let grid = QuadRasterizer.rasterize(frame, width: 10, height: 10)
        #expect(grid.ascii.first == "..AAAAA...")
        #expect(grid.ascii[5] == "..AaaaA...")
        let fit = ViewportFit(viewport: (375, 667), width: 100, height: 74)
        #expect(abs(fit.scale - 74.0 / 667) < 1e-12)
        #expect(abs(fit.originX - (100 - 375 * 74.0 / 667) / 2) < 1e-12)
        #expect(fit.originY == 0)
    }

    /// Cards without a quad (a corner behind the eye) and slivers thinner than a pixel
    /// draw nothing; quads reaching outside the grid are clipped (a 2 x 2 corner is all outline).
    @Test func skipsMissingAndClipsLarge() {
        var hidden = Fixtures.card(0, [(0, 0), (1, 0), (1, 1), (0, 1)])
        hidden.quad = nil
        let frame = Frame(
            offset: 0, front: 0, style: .stack, viewport: (4, 4),
            cards: [
                hidden,
                Fixtures.card(1, [(1, 2), (3, 2), (3, 2.2), (1, 2.2)]),
                Fixtures.card(2, [(-10, -10), (2, -10), (2, 2), (-10, 2)]),
            ])
        #expect(QuadRasterizer.rasterize(frame, width: 4, height: 4).ascii == ["CC  ", "CC  ", "    ", "    "])
    }
}
