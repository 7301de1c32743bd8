import CardLayout

extension FramePainter {
    /// The circle reveal's colour: a warm white, so it shows over every card.
    static let ringColor = RGB(0xFF, 0xE0, 0x8A)

    /// Draws the circle reveal's outline over the cards: every pixel whose centre lies
    /// within half a pixel of the circle, in half blocks like the cards.
    func paintRing(_ reveal: Reveal, _ frame: Frame, into buffer: inout ScreenBuffer, top: Int, left: Int, columns: Int, rows: Int) {
        let fit = ViewportFit(viewport: frame.viewport, width: columns, height: rows * 2)
        let centre = fit.pixel(reveal.center)
        let radius = max(reveal.radius, 0) * fit.scale
        func onRing(_ x: Int, _ y: Int) -> Bool {
            let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
            return abs((dx * dx + dy * dy).squareRoot() - radius) <= 0.75
        }
        let ring: CellColor = mode == .monochrome ? .standard : .rgb(Self.ringColor)
        for row in 0..<rows {
            for column in 0..<columns {
                let upper = onRing(column, row * 2), lower = onRing(column, row * 2 + 1)
                guard upper || lower else { continue }
                let old = buffer[top + row, left + column]
                let glyph: Character = upper && lower ? "█" : (upper ? "▀" : "▄")
                // The other half keeps the colour it had: the upper pixel is the foreground
                // of `▀`, the lower one that of `▄`, and a space is its background twice.
                let other: CellColor
                switch old.character {
                case "▀": other = upper ? old.background : old.foreground
                case "▄": other = upper ? old.foreground : old.background
                default: other = old.background
                }
                buffer[top + row, left + column] = Cell(glyph, foreground: ring, background: upper && lower ? ring : other, attributes: [.bold])
            }
        }
    }
}
