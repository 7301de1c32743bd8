import RealModule

/// iCarousel's eleven built-in types (docs/layouts.md §2), one struct parameterised by type.
///
/// Item `i` has offset `o = i - offset / spacing` (wrapped into `[-n/2, n/2]` when the deck
/// wraps). Every item sits at the viewport centre (its anchor there, so the perspective's
/// vanishing point is the centre) and its transform is the type's recipe followed by the
/// base `B = T(-viewpoint) · P(m34)`. Alpha is the fade of §2.5; an item with alpha 0, or
/// turned away while back faces are hidden, is dropped. The window is iCarousel's
/// `visible_items` around the current item, and the depth order is iCarousel's settled
/// order, recomputed every frame.
///
/// `coverflow2` follows the `toggle` in the context (docs/layouts.md §2.4, kept by the daemon in
/// ``ScrollMemory``): with a toggle, cards past ±0.5 snap fully turned and the centre card
/// turns by the easing toggle. Without one (``ScrollContext/resting``, and while the daemon
/// animates) it is drawn as iCarousel draws it while animating: exactly `coverflow`.
public struct CarouselLayout: StyleLayout {
    public var type: CarouselType

    public init(_ type: CarouselType) {
        self.type = type
    }

    public func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement] {
        let options = CarouselOptions(type, parameters)
        let n = parameters.layout.cards
        let wrap = parameters.layout.wrap
        let s = offset / parameters.layout.spacing
        let toggle = type == .coverflow2 ? context.coverFlowToggle : nil
        var out: [CardPlacement] = []
        let visible = options.visibleItems + 2 * context.reach
        for var slot in CarouselWindow.slots(position: s, cards: n, wrap: wrap, visible: visible) {
            // A deck edit in progress lays the item out `shift` items from its own place.
            slot.offset += context.shift(of: slot.item)
            // loadUnloadViews skips items whose fade alpha is 0.
            let alpha = Self.fade(slot.offset, options)
            guard alpha > 0 else { continue }
            let transform = Self.transform(slot.offset, options, toggle: toggle)
            guard options.showBackfaces || transform.m33 > 0 else { continue }
            out.append(Self.place(slot, alpha: alpha, transform: transform, parameters))
        }
        let current = CarouselWindow.currentItem(position: s, cards: n, wrap: wrap)
        let reference = Self.transform(
            CarouselWindow.slot(item: current, position: s, cards: n, wrap: wrap).offset, options, toggle: toggle)
        return CarouselWindow.depthSorted(out, current: reference, vertical: options.vertical)
    }

    /// A card at the viewport centre (its anchor moved by the anchor's distance from the
    /// card centre, so the default centre anchor is exactly iCarousel's container).
    static func place(
        _ slot: CarouselWindow.Slot, alpha: Double, transform: Transform3D, _ parameters: Parameters,
        scale: Double = 1
    ) -> CardPlacement {
        let card = parameters.card
        let view = parameters.viewport
        let position = Point(
            view.width / 2 + (card.anchor[0] - 0.5) * card.width,
            view.height / 2 + (card.anchor[1] - 0.5) * card.height)
        return CardPlacement(
            index: slot.index, item: slot.item, title: card.title(of: slot.item), ratio: slot.offset,
            position: position, size: (card.width, card.height), anchor: Point(card.anchor[0], card.anchor[1]),
            scale: scale, alpha: alpha, z: 0, transform: transform)
    }

    /// `alphaForItemWithOffset` (§2.5): 1 inside `[fadeMin, fadeMax]`, falling linearly to
    /// `fadeMinAlpha` over `fadeRange` items outside it.
    static func fade(_ o: Double, _ options: CarouselOptions) -> Double {
        let beyond = o > options.fadeMax ? o - options.fadeMax : (o < options.fadeMin ? options.fadeMin - o : 0)
        return 1 - min(beyond, options.fadeRange) / options.fadeRange * (1 - options.fadeMinAlpha)
    }

    /// The type's transform for an item at offset `o` (§2.3–§2.4), in Core Animation order:
    /// the base first, then each call acts on the point before it.
    static func transform(_ o: Double, _ options: CarouselOptions, toggle: Double? = nil) -> Transform3D {
        let w = options.itemWidth
        let sigma = options.spacing
        let vertical = options.vertical
        let base = Transform3D.perspective(options.perspective)
            .translated(-options.viewpoint.x, -options.viewpoint.y, 0)
        // A translation along the scroll axis by `a` and in depth by `z`.
        func along(_ a: Double, _ z: Double) -> Transform3D {
            vertical ? base.translated(0, a, z) : base.translated(a, 0, z)
        }
        let sign: Double = options.type.isInverted ? -1 : 1
        switch options.type {
        case .linear:
            return along(o * w * sigma, 0)
        case .rotary, .invertedRotary:
            let r = sign * options.radius
            let phi = sign * o * options.angle
            return along(r * Double.sin(phi), r * Double.cos(phi) - r)
        case .cylinder, .invertedCylinder:
            let r = sign * options.radius
            let phi = sign * o * options.angle
            // Pushed out to r + 0.01, turned about an axis r behind the screen.
            return base.translated(0, 0, -r)
                .rotated(by: phi, x: vertical ? -1 : 0, y: vertical ? 0 : 1, z: 0)
                .translated(0, 0, r + 0.01)
        case .wheel, .invertedWheel:
            let r = sign * options.radius
            let turn = sign * options.angle * o
            let about = vertical ? base.translated(-r, 0, 0) : base.translated(0, r, 0)
            let turned = about.rotated(by: turn, x: 0, y: 0, z: 1)
            return vertical ? turned.translated(r, 0, 0.01 * o) : turned.translated(0, -r, 0.01 * o)
        case .coverflow, .coverflow2:
            let tau = options.tilt
            let k = toggle.map { Self.coverFlow2Turn(o, toggle: $0) } ?? min(max(o, -1), 1)
            let x = (0.5 * tau * k + sigma * o) * w
            let z = -0.5 * w * abs(k)
            return along(x, z).rotated(by: -k * tau * Double.pi / 2, x: vertical ? -1 : 0, y: vertical ? 0 : 1, z: 0)
        case .timeMachine, .invertedTimeMachine:
            let o = sign * o
            let tau = sign * options.tilt
            return along(o * w * tau, o * w * sigma)
        }
    }

    /// CoverFlow2's turn `k` for an item at offset `o` under the toggle `g` (docs/layouts.md §2.4):
    /// cards past ±0.5 are fully turned, the two nearest the centre turn with the toggle.
    public static func coverFlow2Turn(_ o: Double, toggle g: Double) -> Double {
        let clamped = min(max(o, -1), 1)
        if g > 0 {
            if o <= -0.5 { return -1 }
            if o <= 0.5 { return -g }
            if o <= 1.5 { return 1 - g }
            return clamped
        }
        if o > 0.5 { return 1 }
        if o > -0.5 { return -g }
        if o > -1.5 { return -1 - g }
        return clamped
    }
}
