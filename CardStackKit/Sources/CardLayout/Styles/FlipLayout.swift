import RealModule

/// The pan-driven flip-down deck (seedante/CardAnimation HEAD, `CardContainerView`;
/// docs/layouts.md §5.3).
///
/// The deck is a pile of up to ten cards hinged on their bottom edge: slot `k` (0 = the head
/// card) is scaled by `scale(k)` (1, then the line through (1, 0.95) and (8, 0.5), at least
/// 0.1), its top edge raised by `yOffset(k)` (the sum of steps on the line through (1, 35)
/// and (10, 15)), dimmed to `brightness(k)` (1 below slot 3, then the line through (3, 1)
/// and (9, 0.2), within [0.1, 1]), and slot 10 and beyond is hidden. The unscaled head card
/// is centred in the viewport.
///
/// One card per `spacing` points (the source's 150-point pan): with `offset/spacing = k + f`,
/// card `k` is the head. Over the first half of the step it flips down, `Rx(-π·q) · P(m34)`
/// with `q = 2f`, fading out over the last tenth of the turn as the source's `slideDown`
/// does; over the second half the cards behind move up one slot (`u = i - k - (2f - 1)`),
/// with every slot value interpolated linearly, as the source's 0.25 s relayout animates
/// them, and the card entering slot 9 fades in. Cards draw back to front, `z = 100 - slot`.
///
/// The source's image alpha ("brightness", over an opaque black card) is reported as the
/// card's alpha, the only channel a frame has.
public struct FlipLayout: StyleLayout {
    /// `maxVisibleCardCount`: slot 10 and beyond is hidden.
    public static let visibleCards = 10

    public init() {}

    public func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement] {
        let n = parameters.layout.cards
        let wrap = parameters.layout.wrap
        let s = offset / parameters.layout.spacing
        let head = clampedInt(s.rounded(.down))
        let f = s - Double(head)
        let flip = min(1, 2 * f)
        let advance = max(0, 2 * f - 1)
        var out: [CardPlacement] = []
        for i in stride(from: head + Self.visibleCards + context.reach, through: head, by: -1) {
            guard wrap || (0..<n).contains(i) else { continue }
            // A deck edit in progress lays the card out `shift` slots from its own.
            let shift = context.shift(of: IndexWindow.item(i, cards: n))
            let placed =
                i == head && shift == 0
                ? placeHead(i, flip: flip, ratio: Double(i) - s, parameters)
                : place(i, slot: max(Double(i - head) - advance + shift, 0), ratio: Double(i) - s, parameters)
            if var card = placed {
                card.z = 100 - (i - head)
                out.append(card)
            }
        }
        return out
    }

    func placeHead(_ i: Int, flip q: Double, ratio: Double, _ parameters: Parameters) -> CardPlacement? {
        // slideDown: the view's alpha goes to 0 over the last tenth of the turn.
        let alpha = min(1, (1 - q) / 0.1)
        guard alpha > 0 else { return nil }
        let transform =
            q > 0
            ? Transform3D.perspective(parameters.layout.m34).rotated(by: -Double.pi * q, x: 1, y: 0, z: 0)
            : .identity
        return placement(i, slot: 0, ratio: ratio, alpha: alpha, transform: transform, parameters)
    }

    func place(_ i: Int, slot u: Double, ratio: Double, _ parameters: Parameters) -> CardPlacement? {
        let last = Double(Self.visibleCards)
        guard u < last else { return nil }
        let brightness = Self.interpolate(Self.brightness, at: min(u, last - 1))
        // The card entering the deck fades in from slot 10 to slot 9.
        let alpha = u > last - 1 ? brightness * (last - u) : brightness
        let scale = Self.interpolate(Self.scale, at: u)
        return placement(i, slot: u, ratio: ratio, alpha: alpha, transform: .scale(scale, scale, 1), parameters)
    }

    func placement(
        _ i: Int, slot u: Double, ratio: Double, alpha: Double, transform: Transform3D, _ parameters: Parameters
    ) -> CardPlacement {
        let card = parameters.card
        let view = parameters.viewport
        let scale = Self.interpolate(Self.scale, at: u)
        let top = view.height / 2 - card.height / 2 - Self.interpolate(Self.yOffset, at: u)
        let position = Point(
            view.width / 2 + (card.anchor[0] - 0.5) * card.width * scale, top + card.anchor[1] * card.height * scale)
        let item = IndexWindow.item(i, cards: parameters.layout.cards)
        return CardPlacement(
            index: i, item: item, title: card.title(of: item), ratio: ratio, position: position,
            size: (card.width, card.height), anchor: Point(card.anchor[0], card.anchor[1]), scale: scale,
            alpha: alpha, z: 0, transform: transform)
    }

    /// `calcuteResultWith`: the line through `(x1, y1)` and `(x2, y2)` at `x`.
    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        y1 + (y2 - y1) * (x - x1) / (x2 - x1)
    }

    /// `calculateScaleFactorForIndex`.
    public static func scale(_ k: Int) -> Double {
        k < 1 ? 1 : max(0.1, line(1, 0.95, 8, 0.5, at: Double(k)))
    }

    /// `calculateYOffsetForIndex`: the sum of the first `k` steps.
    public static func yOffset(_ k: Int) -> Double {
        k < 1 ? 0 : (1...k).reduce(0) { $0 + line(1, 35, Double(visibleCards), 15, at: Double($1)) }
    }

    /// `calculateAlphaForIndex`.
    public static func brightness(_ k: Int) -> Double {
        k < 3 ? 1 : min(max(line(3, 1, 9, 0.2, at: Double(k)), 0.1), 1)
    }

    /// A slot function at a fractional slot, linear between whole slots.
    static func interpolate(_ f: (Int) -> Double, at u: Double) -> Double {
        let k = clampedInt(u.rounded(.down))
        let t = u - Double(k)
        return t == 0 ? f(k) : f(k) + (f(k + 1) - f(k)) * t
    }
}
