import CardLayout

/// One of the look's images made small for the terminal viewer: premultiplied R, G, B, A
/// bytes, row by row, at most ``maximumSide`` pixels a side, and the size of the file's
/// picture it was made from (whose shape decides how it covers a card).
public struct LookThumbnail: Sendable, Equatable {
    /// A terminal shows a card a few dozen half-block pixels wide: this keeps enough detail
    /// and bounds the memory of any image to 64 KiB.
    public static let maximumSide = 128

    public let width: Int
    public let height: Int
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// `4 * width * height` bytes: R, G, B, A, premultiplied by A.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4 && width > 0 && height > 0)
        (self.width, self.height, self.sourceWidth, self.sourceHeight) = (width, height, sourceWidth, sourceHeight)
        self.pixels = pixels
    }

    /// The colour at `(u, v)` of the source picture (0...1 each way, clamped), over `under`.
    func color(u: Double, v: Double, over under: RGB) -> RGB {
        let x = min(max(Int(u * Double(width)), 0), width - 1)
        let y = min(max(Int(v * Double(height)), 0), height - 1)
        let i = (y * width + x) * 4
        let rest = 255 - Int(pixels[i + 3])
        func channel(_ p: UInt8, _ c: UInt8) -> UInt8 { UInt8(min(255, Int(p) + (Int(c) * rest + 127) / 255)) }
        return RGB(channel(pixels[i], under.r), channel(pixels[i + 1], under.g), channel(pixels[i + 2], under.b))
    }
}

/// What the terminal viewer draws of `[card]`'s look (docs/parameters.md, "The look"): each
/// card's colour (`colors`), its image covering the card through the card's own projective
/// transform, sampled at the centre of each half-block pixel, and past 90° its back
/// (`back_color`, the stage for `"none"`, the image mirrored for `"mirror"`).
public struct ViewerLook: Sendable, Equatable {
    public var card: Parameters.Card
    /// One per file `card.images` names, in order; nil for a file that cannot be drawn.
    public var images: [LookThumbnail?]

    public init(card: Parameters.Card, images: [LookThumbnail?]) {
        self.card = card
        self.images = images
    }

    /// Item `item`'s thumbnail, if it has one.
    func image(of item: Int) -> LookThumbnail? {
        images.isEmpty ? nil : images[item % images.count]
    }
}

/// How the card at one slot is coloured pixel by pixel: the map from grid pixels to the
/// card's own points, its image and colours.
struct CardFace {
    let toCard: Homography?
    let size: (width: Double, height: Double)
    let image: LookThumbnail?
    let fill: RGB
    /// Nil: the card is seen from behind and shows nothing (the stage).
    let back: RGB??
    let alpha: Double

    init(_ card: CardPlacement, look: ViewerLook, fit: ViewportFit, fill: RGB) {
        let quad = (card.quad ?? []).map(fit.pixel)
        let (w, h) = card.size
        size = (w, h)
        toCard = Homography(from: quad, to: [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)])
        image = look.image(of: card.item)
        self.fill = fill
        alpha = min(max(card.alpha, 0), 1)
        if Self.facesAway(quad) {
            switch look.card.back ?? .mirror {
            case .color:
                let c = look.card.backColor.flatMap(LookColor.init(hex:))
                back = .some(c.map { RGB.from($0) } ?? fill)
            case .none: back = .some(nil)
            case .mirror: back = nil
            }
        } else {
            back = nil
        }
    }

    /// The colour at grid point `p` (a pixel's centre), before the card's alpha.
    func color(at p: Point, stage: RGB) -> RGB {
        if let back { return back ?? stage }
        guard let image, let toCard, let q = toCard.apply(p) else { return fill }
        // The image covers the card, centred (CSS `background-size: cover`).
        let (iw, ih) = (Double(image.sourceWidth), Double(image.sourceHeight))
        let s = max(size.width / iw, size.height / ih)
        let u = (q.x - (size.width - iw * s) / 2) / (iw * s)
        let v = (q.y - (size.height - ih * s) / 2) / (ih * s)
        return image.color(u: u, v: v, over: fill)
    }

    /// Whether a quad's corners run counter-clockwise on screen (y down): the card's back.
    static func facesAway(_ quad: [Point]) -> Bool {
        guard quad.count == 4 else { return false }
        var area = 0.0
        for i in 0..<4 { area += quad[i].x * quad[(i + 1) % 4].y - quad[(i + 1) % 4].x * quad[i].y }
        return area < 0
    }
}

extension RGB {
    /// A look colour as bytes (its alpha ignored: the viewer draws opaque cells).
    static func from(_ c: LookColor) -> RGB {
        func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x * 255).rounded()))) }
        return RGB(byte(c.red), byte(c.green), byte(c.blue))
    }
}
