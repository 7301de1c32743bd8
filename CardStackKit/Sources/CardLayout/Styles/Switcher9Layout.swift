/// The iOS 9 task switcher (adad184/DemoTaskTray, docs/layouts.md §3): an iCarousel of type
/// Custom whose cards slide along a hyperbola, grow slightly to the right and pile up,
/// fading, on the left.
///
/// Item `i` has offset `o = i - offset / spacing`. With `w = card.width`:
/// `t(o) = 1/(z - n·o) - 1/z` (`z = 5/4`, `n = 5/8`; `2` from `o >= 2` on, off screen),
/// `s(o) = 1 + 0.04·o`, transform `S(s, s, 1) · T(t·w, 0, o) · T(w/5, 0, 0) · P(m34)`
/// (the last factor but one is the source's `viewpointOffset` of `-w/5`). Alpha is 0 left of
/// `o = -3`, `o + 3` up to `-2`, else 1. Seven items around the current one are laid out,
/// and the depth order is iCarousel's (key `1 + o`: cards further right draw on top).
/// Cards whose outline lies wholly left or right of the viewport (among them every card the
/// source parks at `t = 2`) are dropped. `[carousel]` is not read: these numbers are the
/// source's own.
public struct Switcher9Layout: StyleLayout {
    /// The source's `carousel:valueForOption:` returns 7 visible items.
    public static let visibleItems = 7

    public init() {}

    public func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement] {
        let n = parameters.layout.cards
        let wrap = parameters.layout.wrap
        let s = offset / parameters.layout.spacing
        var out: [CardPlacement] = []
        let visible = Self.visibleItems + 2 * context.reach
        for var slot in CarouselWindow.slots(position: s, cards: n, wrap: wrap, visible: visible) {
            // A deck edit in progress lays the item out `shift` items from its own place.
            slot.offset += context.shift(of: slot.item)
            let alpha = Self.alpha(slot.offset)
            guard alpha > 0 else { continue }
            let card = CarouselLayout.place(
                slot, alpha: alpha, transform: Self.transform(slot.offset, parameters), parameters,
                scale: Self.scale(slot.offset))
            // The source parks cards past the pole off screen "so they are not shown"; cards
            // whose outline misses the viewport are left out of the frame.
            if let quad = card.quad,
                quad.allSatisfy({ $0.x <= 0 }) || quad.allSatisfy({ $0.x >= parameters.viewport.width })
            {
                continue
            }
            out.append(card)
        }
        let current = CarouselWindow.currentItem(position: s, cards: n, wrap: wrap)
        let reference = Self.transform(
            CarouselWindow.slot(item: current, position: s, cards: n, wrap: wrap).offset, parameters)
        return CarouselWindow.depthSorted(out, current: reference, vertical: false)
    }

    /// `translationByOffset`: the sideways shift in card widths.
    public static func translation(_ o: Double) -> Double {
        let z = 5.0 / 4
        let n = 5.0 / 8
        // At and past the pole the source parks the card two widths away.
        guard o < z / n else { return 2 }
        return 1 / (z - n * o) - 1 / z
    }

    /// `scaleByOffset`.
    public static func scale(_ o: Double) -> Double { 1 + 0.04 * o }

    /// `carouselDidScroll`'s alpha on the item view.
    public static func alpha(_ o: Double) -> Double {
        o < -3 ? 0 : (o < -2 ? o + 3 : 1)
    }

    static func transform(_ o: Double, _ parameters: Parameters) -> Transform3D {
        let w = parameters.card.width
        let s = scale(o)
        return Transform3D.perspective(parameters.layout.m34)
            .translated(w / 5, 0, 0)
            .translated(translation(o) * w, 0, o)
            .scaled(s, s, 1)
    }
}
