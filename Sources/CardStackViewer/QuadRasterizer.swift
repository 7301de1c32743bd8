import CardLayout
import CardStackLook

/// Fills each card's projected quad, back to front, into a ``PixelGrid``.
///
/// This is drawing, not layout: the quads come from the daemon; the rasteriser only
/// scales them into the grid and decides which pixel centres each polygon covers.
public enum QuadRasterizer {
    /// Rasterises `frame` into a `width` x `height` pixel grid.
    ///
    /// - Parameters:
    ///   - frame: the cards in draw order; a card with a `nil` quad is skipped.
    ///   - width: grid width in pixels (terminal columns).
    ///   - height: grid height in pixels (twice the terminal rows).
    public static func rasterize(_ frame: Frame, width: Int, height: Int) -> PixelGrid {
        var grid = PixelGrid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        let fit = ViewportFit(viewport: frame.viewport, width: width, height: height)
        let corner0 = fit.pixel(Point(0, 0))
        let corner1 = fit.pixel(Point(frame.viewport.width, frame.viewport.height))
        for y in 0..<height {
            for x in 0..<width {
                let cx = Double(x) + 0.5
                let cy = Double(y) + 0.5
                grid[x, y].inViewport = cx >= corner0.x && cx < corner1.x && cy >= corner0.y && cy < corner1.y
            }
        }
        for (slot, card) in frame.cards.enumerated() {
            guard let quad = card.quad, quad.count >= 3 else { continue }
            let mask = Mask(polygon: quad.map(fit.pixel), width: width, height: height)
            mask.forEachPixel { x, y, edge in
                grid[x, y].owner = slot
                grid[x, y].edge = edge
            }
        }
        return grid
    }

    /// The pixels one polygon covers, within its clipped bounding box.
    struct Mask {
        let x0: Int, y0: Int, x1: Int, y1: Int
        var inside: [Bool]

        /// Scanline fill with the even-odd rule: pixel `(x, y)` is in when its centre is.
        init(polygon: [Point], width: Int, height: Int) {
            let minX = polygon.map(\.x).min() ?? 0
            let maxX = polygon.map(\.x).max() ?? 0
            let minY = polygon.map(\.y).min() ?? 0
            let maxY = polygon.map(\.y).max() ?? 0
            // Clamped before they are Ints: a corner may lie far outside the grid.
            x0 = max(0, clampedInt((minX - 0.5).rounded(.up), -1...width))
            x1 = min(width - 1, clampedInt((maxX - 0.5).rounded(.down), -1...width))
            y0 = max(0, clampedInt((minY - 0.5).rounded(.up), -1...height))
            y1 = min(height - 1, clampedInt((maxY - 0.5).rounded(.down), -1...height))
            guard x0 <= x1, y0 <= y1 else {
                inside = []
                return
            }
            inside = Array(repeating: false, count: (x1 - x0 + 1) * (y1 - y0 + 1))
            for y in y0...y1 {
                let cy = Double(y) + 0.5
                var crossings: [Double] = []
                for i in polygon.indices {
                    let a = polygon[i]
                    let b = polygon[(i + 1) % polygon.count]
                    guard (a.y <= cy && cy < b.y) || (b.y <= cy && cy < a.y) else { continue }
                    crossings.append(a.x + (cy - a.y) / (b.y - a.y) * (b.x - a.x))
                }
                crossings.sort()
                var i = 0
                while i + 1 < crossings.count {
                    let from = max(x0, clampedInt((crossings[i] - 0.5).rounded(.up), -1...width))
                    let to = min(x1, clampedInt((crossings[i + 1] - 0.5).rounded(.up), -1...width) - 1)
                    if from <= to {
                        for x in from...to { inside[(y - y0) * (x1 - x0 + 1) + x - x0] = true }
                    }
                    i += 2
                }
            }
        }

        func contains(_ x: Int, _ y: Int) -> Bool {
            guard x >= x0, x <= x1, y >= y0, y <= y1 else { return false }
            return inside[(y - y0) * (x1 - x0 + 1) + x - x0]
        }

        /// Calls `body` for every covered pixel; `edge` is true when a 4-neighbour is not
        /// covered (the card's outline).
        func forEachPixel(_ body: (_ x: Int, _ y: Int, _ edge: Bool) -> Void) {
            guard !inside.isEmpty else { return }
            for y in y0...y1 {
                for x in x0...x1 where contains(x, y) {
                    let edge = !(contains(x - 1, y) && contains(x + 1, y) && contains(x, y - 1) && contains(x, y + 1))
                    body(x, y, edge)
                }
            }
        }
    }
}

/// `x` as an Int within `range`: beyond it the nearer end, NaN the lower one. For pixel
/// coordinates computed from a frame's numbers, which `Int(_:)` would trap on.
func clampedInt(_ x: Double, _ range: ClosedRange<Int>) -> Int {
    guard x > Double(range.lowerBound) else { return range.lowerBound }
    guard x < Double(range.upperBound) else { return range.upperBound }
    return Int(x)
}
