import RealModule

/// CardsAnimationDemo's card stack (docs/layouts.md §1).
///
/// Card `i` has ratio `r = 1 + s * (offset / d - i)`; cards behind the front shrink and rise
/// by `(1 - r) * d / s`, and a card whose ratio passes `flip_range.lowerBound` flips down
/// about its anchor by `-179.999° * t` with perspective while it fades out.
public struct StackLayout: StyleLayout {
    /// The seed's flip angle: a full 180° would come round from the wrong side.
    public static let fullFlip = -179.999 * Double.pi / 180

    public init() {}

    public func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement] {
        let p = parameters.layout
        let s = p.scaleStep
        let f1 = p.flipRange[1]
        let position = offset / p.spacing
        // Visible iff 0 < r < f1 (alpha > 0): solve r for i.
        var first = clampedInt((position - (f1 - 1) / s).rounded(.down)) - context.reach
        var last = clampedInt((position + 1 / s).rounded(.up)) + context.reach
        if !p.wrap {
            first = max(first, 0)
            last = min(last, p.cards - 1)
        }
        last = min(last, first + Self.maximumCards - 1)
        guard first <= last else { return [] }

        var out: [CardPlacement] = []
        out.reserveCapacity(last - first + 1)
        // Back to front: the largest index is the farthest card.
        for i in stride(from: last, through: first, by: -1) {
            guard let card = place(i, position: position, parameters: parameters, context: context) else { continue }
            out.append(card)
        }
        return out
    }

    /// At most this many cards go in one frame (the nearest ones), whatever the parameters.
    public static let maximumCards = 1024

    func place(_ i: Int, position: Double, parameters: Parameters, context: ScrollContext = .resting) -> CardPlacement?
    {
        let p = parameters.layout
        let card = parameters.card
        let view = parameters.viewport
        let d = p.spacing
        let s = p.scaleStep
        let f0 = p.flipRange[0]
        let f1 = p.flipRange[1]
        let item = ((i % p.cards) + p.cards) % p.cards
        // A deck edit in progress lays the card out `shift` places from its own.
        let r = 1 + s * (position - Double(i) - context.shift(of: item))
        guard r > 0 else { return nil }
        let scale = min(r, 1)
        let ay = card.anchor[1]
        let x = view.width / 2
        let y = view.height / 2 + (ay - 0.5) * card.height - (r < 1 ? (1 - r) * d / s : 0)
        var alpha = 1.0
        var transform = Transform3D.scale(scale, scale, 1)
        if r > f0 {
            let t = min(max((r - f0) / (f1 - f0), 0), 1)
            alpha = 1 - t
            transform = Transform3D.perspective(p.m34)
                .rotated(by: Self.fullFlip * t, x: 1, y: 0, z: 0)
                .scaled(scale, scale, 1)
        }
        guard alpha > 0 else { return nil }
        return CardPlacement(
            index: i, item: item, title: card.title(of: item), ratio: r,
            position: Point(x, y), size: (card.width, card.height),
            anchor: Point(card.anchor[0], card.anchor[1]), scale: scale, alpha: alpha,
            z: 10000 - i, transform: transform)
    }
}
