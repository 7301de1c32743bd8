import CardLayout
import CardStackLook

/// What the terminal viewer draws of `[card]`'s look (docs/parameters.md, "The look"): each
/// card's colour (`colors`), its image covering the card through the card's own projective
/// transform, sampled at the centre of each half-block pixel, and past 90° its back
/// (`back_color`, the stage for `"none"`, the image mirrored for `"mirror"`; unset,
/// ``CardLook/back``).
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
    let fill: CardColor
    /// Nil: the card is seen from behind and shows nothing (the stage).
    let back: CardColor??
    let alpha: Double

    init(_ card: CardPlacement, look: ViewerLook, fit: ViewportFit, fill: CardColor) {
        let quad = (card.quad ?? []).map(fit.pixel)
        let (w, h) = card.size
        size = (w, h)
        toCard = Homography(from: quad, to: [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)])
        image = look.image(of: card.item)
        self.fill = fill
        alpha = min(max(card.alpha, 0), 1)
        if CardPlacement.facesAway(quad) {
            switch look.card.back ?? CardLook.back {
            case .color:
                let c = look.card.backColor.flatMap(CardColor.init(hex:))
                back = .some(c.map(\.opaque) ?? fill)
            case .none: back = .some(nil)
            case .mirror: back = nil
            }
        } else {
            back = nil
        }
    }

    /// The colour at grid point `p` (a pixel's centre), before the card's alpha.
    func color(at p: Point, stage: CardColor) -> CardColor {
        if let back { return back ?? stage }
        guard let image, let toCard, let q = toCard.apply(p) else { return fill }
        // The image covers the card, centred (CSS `background-size: cover`).
        let (iw, ih) = (Double(image.sourceWidth), Double(image.sourceHeight))
        let s = max(size.width / iw, size.height / ih)
        let u = (q.x - (size.width - iw * s) / 2) / (iw * s)
        let v = (q.y - (size.height - ih * s) / 2) / (ih * s)
        return image.color(u: u, v: v, over: fill)
    }
}
