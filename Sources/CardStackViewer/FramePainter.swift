import CardLayout
import CardStackLook

/// Turns a rasterised frame into terminal cells: two pixels per cell with half blocks
/// (`▀` with the upper pixel as foreground and the lower as background), each card in its
/// own colour with a lighter outline, dimmed by its alpha, and its title where it fits (not on a card turned past 90°).
///
/// In monochrome only the outlines are drawn (`▀ ▄ █`), faint for half-transparent cards.
public struct FramePainter: Sendable {
    /// How much colour to use.
    public var mode: ColorMode
    /// The viewport's background; alpha blends toward it.
    public var background = CardColor(0x1D, 0x1F, 0x24)
    /// `[card]`'s look when it sets any key (its colours, images and back); nil draws each
    /// card in its item's colour.
    public var look: ViewerLook?

    /// A painter for terminals with `mode`.
    public init(mode: ColorMode) { self.mode = mode }

    /// A card's fill colour, from its item: the page's (``CardLook``).
    public func fill(item: Int) -> CardColor {
        look?.card.color(of: item).map(\.opaque) ?? CardLook.fill(item: item)
    }

    /// Paints `frame` into `buffer`'s rectangle at `(top, left)` of `columns` x `rows` cells.
    public func paint(_ frame: Frame, into buffer: inout ScreenBuffer, top: Int, left: Int, columns: Int, rows: Int) {
        let grid = QuadRasterizer.rasterize(frame, width: columns, height: rows * 2)
        // Each card's two colours once per frame, not once per pixel.
        let palette = frame.cards.indices.map {
            (fill: color($0, edge: false, frame), edge: color($0, edge: true, frame))
        }
        let fit = ViewportFit(viewport: frame.viewport, width: columns, height: rows * 2)
        let faces: [CardFace?] =
            mode == .monochrome
            ? []
            : frame.cards.indices.map { slot in
                look.map { CardFace(frame.cards[slot], look: $0, fit: fit, fill: fill(item: frame.cards[slot].item)) }
            }
        for row in 0..<rows {
            for column in 0..<columns {
                let upper = grid[column, row * 2]
                let lower = grid[column, row * 2 + 1]
                if faces.isEmpty {
                    buffer[top + row, left + column] = cell(upper, lower, frame, palette)
                } else {
                    let a = pixelColor(upper, palette, faces, column, row * 2)
                    let b = pixelColor(lower, palette, faces, column, row * 2 + 1)
                    buffer[top + row, left + column] = cell(a, b)
                }
            }
        }
        if let reveal = frame.reveal {
            paintReveal(reveal, frame, into: &buffer, top: top, left: left, columns: columns, rows: rows)
        }
        // A card turned past 90° shows its back, which has no title (``CardLook/back``), unless
        // the look asks for the front mirrored.
        let titledBack = look?.card.back == .mirror
        for (slot, card) in frame.cards.enumerated() where titledBack || !CardPlacement.facesAway(card.quad) {
            let title = String(card.title.prefix(max(columns - 4, 1)))
            guard let (row, column) = labelPlace(slot: slot, length: title.count, grid: grid, frame: frame) else {
                continue
            }
            let attributes: CellAttributes = mode == .monochrome && card.alpha < 0.5 ? [.bold, .faint] : [.bold]
            let bg = mode == .monochrome ? CellColor.standard : .rgb(color(slot, edge: false, frame))
            let fg =
                mode == .monochrome
                ? CellColor.standard : .rgb(CardColor(255, 255, 255).blended(toward: background, by: 1 - card.alpha))
            buffer.write(
                title, row: top + row, column: left + column, foreground: fg, background: bg, attributes: attributes)
        }
    }

    /// The colour of a pixel of the card at `slot`.
    func color(_ slot: Int, edge: Bool, _ frame: Frame) -> CardColor {
        let card = frame.cards[slot]
        let base = fill(item: card.item)
        let c = edge ? base.blended(toward: CardColor(255, 255, 255), by: 0.6) : base
        return c.blended(toward: background, by: 1 - min(max(card.alpha, 0), 1))
    }

    /// One cell from its upper and lower pixel.
    func cell(
        _ upper: PixelGrid.Pixel, _ lower: PixelGrid.Pixel, _ frame: Frame,
        _ palette: [(fill: CardColor, edge: CardColor)]
    )
        -> Cell
    {
        if mode == .monochrome {
            let inkUpper = upper.owner != nil && upper.edge
            let inkLower = lower.owner != nil && lower.edge
            let faint = [upper, lower].contains { p in p.edge && p.owner.map { frame.cards[$0].alpha < 0.5 } == true }
            let attributes: CellAttributes = faint ? .faint : []
            switch (inkUpper, inkLower) {
            case (true, true): return Cell("█", attributes: attributes)
            case (true, false): return Cell("▀", attributes: attributes)
            case (false, true): return Cell("▄", attributes: attributes)
            case (false, false): return .blank
            }
        }
        return cell(pixelColor(upper, palette), pixelColor(lower, palette))
    }

    /// A colour cell from its upper and lower pixel's colours.
    func cell(_ top: CellColor, _ bottom: CellColor) -> Cell {
        if top == bottom { return Cell(" ", background: top) }
        if top == .standard { return Cell("▄", foreground: bottom, background: .standard) }
        return Cell("▀", foreground: top, background: bottom)
    }

    func pixelColor(_ p: PixelGrid.Pixel, _ palette: [(fill: CardColor, edge: CardColor)]) -> CellColor {
        if let owner = p.owner { return .rgb(p.edge ? palette[owner].edge : palette[owner].fill) }
        return p.inViewport ? .rgb(background) : .standard
    }

    /// The colour of grid pixel (`x`, `y`) with the look: a card's inside from its face
    /// (image, colour or back) at the pixel's centre, dimmed by its alpha.
    func pixelColor(
        _ p: PixelGrid.Pixel, _ palette: [(fill: CardColor, edge: CardColor)], _ faces: [CardFace?], _ x: Int, _ y: Int
    )
        -> CellColor
    {
        guard let owner = p.owner, !p.edge, let face = faces[owner] else { return pixelColor(p, palette) }
        let c = face.color(at: Point(Double(x) + 0.5, Double(y) + 0.5), stage: background)
        return .rgb(c.blended(toward: background, by: 1 - face.alpha))
    }

    /// Where the title of the card at `slot` goes: the topmost cell row, near the card's
    /// centre column, where the title and a cell of margin each side lie wholly inside the
    /// card's visible interior. Nil when the visible part is too small.
    func labelPlace(slot: Int, length: Int, grid: PixelGrid, frame: Frame) -> (row: Int, column: Int)? {
        guard length > 0, let quad = frame.cards[slot].quad else { return nil }
        let fit = ViewportFit(viewport: frame.viewport, width: grid.width, height: grid.height)
        let centre = fit.pixel(Point(quad.map(\.x).reduce(0, +) / 4, 0)).x
        let start = clampedInt(centre.rounded(.down), -grid.width...2 * grid.width) - length / 2
        func solid(_ row: Int, _ column: Int) -> Bool {
            guard column >= 0, column < grid.width else { return false }
            let a = grid[column, row * 2]
            let b = grid[column, row * 2 + 1]
            return a.owner == slot && b.owner == slot && !a.edge && !b.edge
        }
        for row in 0..<(grid.height / 2) where (start - 1...start + length).allSatisfy({ solid(row, $0) }) {
            return (row, start)
        }
        return nil
    }
}
