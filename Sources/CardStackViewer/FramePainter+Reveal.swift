import CardLayout
import CardStackLook

extension FramePainter {
    /// Draws the circle reveal as the seed does: the opened card's detail view (its colour
    /// over the whole viewport, its title in the middle) showing through a circle about the
    /// frame's centre with the frame's radius; outside the circle the cards stay. Pixels are
    /// half blocks like the cards': a pixel is inside when its centre is.
    func paintReveal(
        _ reveal: Reveal, _ frame: Frame, into buffer: inout ScreenBuffer, top: Int, left: Int, columns: Int, rows: Int
    ) {
        let fit = ViewportFit(viewport: frame.viewport, width: columns, height: rows * 2)
        let centre = fit.pixel(reveal.center)
        let radius = max(reveal.radius, 0) * fit.scale
        func inside(_ x: Int, _ y: Int) -> Bool {
            let dx = Double(x) + 0.5 - centre.x
            let dy = Double(y) + 0.5 - centre.y
            return dx * dx + dy * dy <= radius * radius
        }
        let detail: CellColor = mode == .monochrome ? .standard : .rgb(fill(item: reveal.item))
        for row in 0..<rows {
            for column in 0..<columns {
                let upper = inside(column, row * 2)
                let lower = inside(column, row * 2 + 1)
                guard upper || lower else { continue }
                let old = buffer[top + row, left + column]
                if upper && lower {
                    buffer[top + row, left + column] = Cell(
                        mode == .monochrome ? "█" : " ", foreground: detail, background: detail)
                    continue
                }
                // The other half keeps the colour it had: the upper pixel is the foreground
                // of `▀`, the lower one that of `▄`, and a space is its background twice.
                let other: CellColor
                switch old.character {
                case "▀": other = upper ? old.background : old.foreground
                case "▄": other = upper ? old.foreground : old.background
                default: other = old.background
                }
                buffer[top + row, left + column] = Cell(upper ? "▀" : "▄", foreground: detail, background: other)
            }
        }
        // The detail's title, in the middle of the viewport, where the circle has uncovered it.
        let title = frame.cards.first { $0.item == reveal.item }?.title ?? CardLook.placeholderTitle(item: reveal.item)
        let middle = fit.pixel(Point(frame.viewport.width / 2, frame.viewport.height / 2))
        let row = clampedInt(middle.y / 2, -1...rows)
        let start = clampedInt(middle.x, -columns...2 * columns) - title.count / 2
        for (i, character) in title.enumerated() {
            let column = start + i
            guard row >= 0, row < rows, column >= 0, column < columns, inside(column, row * 2),
                inside(column, row * 2 + 1)
            else { continue }
            buffer[top + row, left + column] = Cell(
                character, foreground: mode == .monochrome ? .standard : .rgb(CardColor(0xFF, 0xFF, 0xFF)),
                background: detail, attributes: [.bold])
        }
    }
}
