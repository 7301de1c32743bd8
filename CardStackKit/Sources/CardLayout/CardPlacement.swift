/// One card of a frame: where it sits, how it is transformed, and its projected outline.
public struct CardPlacement: Sendable, Equatable {
    /// Virtual index: may be negative or `>= cards` when the deck wraps.
    public var index: Int
    /// The deck item shown: `index mod cards`.
    public var item: Int
    public var title: String
    /// The style's progress value (the stack's ratio `r`).
    public var ratio: Double
    /// Where the anchor point sits, in viewport points (y down).
    public var position: Point
    public var size: (width: Double, height: Double)
    public var anchor: Point
    public var scale: Double
    public var alpha: Double
    /// Draw order key: larger draws later (nearer).
    public var z: Int
    public var transform: Transform3D
    /// Top-left, top-right, bottom-right, bottom-left on screen; `nil` when a corner is
    /// behind the eye.
    public var quad: [Point]?

    /// Creates a placement and projects its quad from the transform.
    public init(
        index: Int, item: Int, title: String, ratio: Double, position: Point,
        size: (width: Double, height: Double), anchor: Point, scale: Double, alpha: Double,
        z: Int, transform: Transform3D
    ) {
        self.index = index
        self.item = item
        self.title = title
        self.ratio = ratio
        self.position = position
        self.size = size
        self.anchor = anchor
        self.scale = scale
        self.alpha = alpha
        self.z = z
        self.transform = transform
        self.quad = CardPlacement.project(
            transform, position: position, size: size, anchor: anchor)
    }

    /// Projects the four corners (relative to the anchor) through `transform`.
    static func project(
        _ transform: Transform3D, position: Point, size: (width: Double, height: Double),
        anchor: Point
    ) -> [Point]? {
        let left = -anchor.x * size.width
        let right = (1 - anchor.x) * size.width
        let top = -anchor.y * size.height
        let bottom = (1 - anchor.y) * size.height
        var quad: [Point] = []
        quad.reserveCapacity(4)
        for (cx, cy) in [(left, top), (right, top), (right, bottom), (left, bottom)] {
            guard let p = transform.project(x: cx, y: cy) else { return nil }
            let screen = Point(position.x + p.x, position.y + p.y)
            guard screen.x.isFinite, screen.y.isFinite else { return nil }
            quad.append(screen)
        }
        return quad
    }

    public static func == (a: CardPlacement, b: CardPlacement) -> Bool {
        a.index == b.index && a.item == b.item && a.title == b.title && a.ratio == b.ratio
            && a.position == b.position && a.size == b.size && a.anchor == b.anchor
            && a.scale == b.scale && a.alpha == b.alpha && a.z == b.z
            && a.transform == b.transform && a.quad == b.quad
    }
}

extension CardPlacement {
    /// Whether the card is seen: some opacity, its quad in front of the eye and covering at
    /// least ``Layout/visibleArea`` square points (shoelace formula).
    public var isVisible: Bool {
        guard alpha > 0, let quad, quad.count == 4 else { return false }
        return abs(Self.twiceSignedArea(quad)) / 2 >= Layout.visibleArea
    }

    /// Whether a quad (top-left, top-right, bottom-right, bottom-left, y down) shows the
    /// card's back: its corners run counter-clockwise on screen. False for no quad.
    public static func facesAway(_ quad: [Point]?) -> Bool {
        guard let quad, quad.count == 4 else { return false }
        return twiceSignedArea(quad) < 0
    }

    /// Twice a quad's signed area (shoelace formula): positive when its corners run
    /// clockwise on screen (y down).
    static func twiceSignedArea(_ quad: [Point]) -> Double {
        var twice = 0.0
        for i in 0..<4 {
            let a = quad[i]
            let b = quad[(i + 1) % 4]
            twice += a.x * b.y - b.x * a.y
        }
        return twice
    }
}

/// A whole frame: the offset it was computed at and its cards, back to front.
public struct Frame: Sendable, Equatable {
    public var offset: Double
    /// The item drawn in front: the visible card with the highest `z`
    /// (``Layout/frontItem(_:)``); the resting front card when none is visible.
    public var front: Int
    public var style: Style
    public var viewport: (width: Double, height: Double)
    public var cards: [CardPlacement]
    /// The circle reveal while it runs or is open, else nil (``Reveal``).
    public var reveal: Reveal?

    public init(
        offset: Double, front: Int, style: Style, viewport: (width: Double, height: Double),
        cards: [CardPlacement]
    ) {
        self.offset = offset
        self.front = front
        self.style = style
        self.viewport = viewport
        self.cards = cards
    }

    public static func == (a: Frame, b: Frame) -> Bool {
        a.offset == b.offset && a.front == b.front && a.style == b.style
            && a.viewport == b.viewport && a.cards == b.cards && a.reveal == b.reveal
    }
}
