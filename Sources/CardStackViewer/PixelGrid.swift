/// Which card covers each pixel of the drawing area: the rasteriser's output.
///
/// A pixel is half a terminal cell (two rows per cell), so with cells about twice as tall
/// as wide the pixels are square. `owner` holds the position of the card in the frame's
/// `cards` array (draw order), or `nil` where no card covers the pixel.
public struct PixelGrid: Sendable, Equatable {
    public struct Pixel: Sendable, Hashable {
        /// The card's position in `frame.cards`, or nil for background.
        public var owner: Int?
        /// True on the card's outline (a neighbour belongs to something else).
        public var edge: Bool
        /// True inside the viewport rectangle (where the daemon lays the cards out).
        public var inViewport: Bool

        public init(owner: Int? = nil, edge: Bool = false, inViewport: Bool = false) {
            self.owner = owner
            self.edge = edge
            self.inViewport = inViewport
        }
    }

    /// Size in pixels (columns, and twice the rows).
    public let width: Int
    public let height: Int
    /// Row by row.
    public var pixels: [Pixel]

    /// An empty grid: no card, outside the viewport.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.pixels = Array(repeating: Pixel(), count: self.width * self.height)
    }

    /// The pixel in column `x`, pixel row `y`.
    public subscript(x: Int, y: Int) -> Pixel {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The grid as text, one line per pixel row: `.` background outside the viewport,
    /// space inside it, card `k` as the `k`-th lowercase letter, its outline in uppercase.
    /// Golden tests compare this.
    public var ascii: [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<height).map { y in
            String(
                (0..<width).map { x -> Character in
                    let p = self[x, y]
                    guard let owner = p.owner else { return p.inViewport ? " " : "." }
                    let letter = letters[owner % letters.count]
                    return p.edge ? Character(letter.uppercased()) : letter
                })
        }
    }
}
