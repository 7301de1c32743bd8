/// One line of documentation for every key of the parameter file: the parameter reference
/// (`cardstack schema --markdown`, docs/parameters.md) and the JSON Schema editors read
/// (`cardstack schema --json-schema`) are both generated from it and the schema table, so
/// neither can go stale.
extension ParamsSchema {
    struct Doc: Sendable {
        /// What the key does.
        var meaning: String
        /// The allowed values in words, where the key's bounds do not say them all.
        var allowed: String? = nil
    }

    static let documentation: [String: Doc] = [
        "layout.style": Doc(meaning: "which animation"),
        "layout.cards": Doc(meaning: "distinct cards in the deck"),
        "layout.wrap": Doc(
            meaning:
                "endless scrolling; default true for `stack`, `flip` and the circular carousels, false for the others"),
        "layout.spacing": Doc(meaning: "scroll per card, in points; snap points are its multiples"),
        "layout.scale_step": Doc(meaning: "ratio and scale difference between adjacent cards"),
        "layout.m34": Doc(meaning: "perspective, −1/eye distance"),
        "layout.flip_range": Doc(
            meaning: "ratio band over which the front card flips down and fades",
            allowed: "[f0, f1] with 0 ≤ f0 < f1 ≤ 1000"),
        "card.width": Doc(meaning: "card width in points (CardsAnimationDemo's own)"),
        "card.height": Doc(meaning: "card height in points (CardsAnimationDemo's own)"),
        "card.anchor": Doc(
            meaning: "pivot in unit card coordinates: [0.5, 1.0] for `stack` and `flip`, [0.5, 0.5] for the others",
            allowed: "[x, y], each in [0, 1]"),
        "card.titles": Doc(
            meaning: "item k shows `titles[k % n]`, or its number k+1",
            allowed: "strings of at most 200 characters and 256 bytes (escapes counted as sent)"),
        "card.images": Doc(
            meaning:
                "PNG or JPEG files, or globs, relative to the parameter file; item k shows image k % n (sorted matches of each glob, in order)",
            allowed: "a string or 1 to 1024 strings"),
        "card.colors": Doc(
            meaning: "background colours: item k gets `colors[k % n]`; unset, each card its own hue",
            allowed: "a string or 1 to 1024 strings \"#rrggbb\" or \"#rrggbbaa\""),
        "card.corner_radius": Doc(meaning: "CALayer's cornerRadius, in points; unset, each client's own"),
        "card.border_width": Doc(meaning: "CALayer's borderWidth, in points"),
        "card.border_ratio": Doc(
            meaning:
                "the border as a fraction of the card's width (seedante's width / 100 is 0.01); wins over border_width"),
        "card.border_color": Doc(meaning: "CALayer's borderColor", allowed: "\"#rrggbb\" or \"#rrggbbaa\""),
        "card.shadow_opacity": Doc(meaning: "CALayer's shadowOpacity; unset or 0, no shadow"),
        "card.shadow_radius": Doc(meaning: "CALayer's shadowRadius, in points (3 when unset)"),
        "card.shadow_offset": Doc(
            meaning: "CALayer's shadowOffset in points, y down as in UIKit ([0, −3] when unset)",
            allowed: "[x, y], each in [−100000, 100000]"),
        "card.shadow_color": Doc(
            meaning: "CALayer's shadowColor (black when unset)", allowed: "\"#rrggbb\" or \"#rrggbbaa\""),
        "card.back": Doc(
            meaning:
                "what a card turned past 90° shows: `color` fills it with back_color, `none` hides it (isDoubleSided = false), `mirror` shows the front mirrored; unset, each client's own"
        ),
        "card.back_color": Doc(
            meaning: "the back's colour when back = \"color\" (the card's colour when unset)",
            allowed: "\"#rrggbb\" or \"#rrggbbaa\""),
        "viewport.width": Doc(meaning: "width of the layout area in points"),
        "viewport.height": Doc(meaning: "height of the layout area in points"),
        "animation.fps": Doc(meaning: "frame rate while animating"),
        "animation.deceleration": Doc(meaning: "fling velocity kept per millisecond (UIScrollView's \"normal\")"),
        "animation.snap": Doc(meaning: "come to rest on a multiple of `spacing`"),
        "animation.duration": Doc(
            meaning:
                "seconds that `next`, `prev`, `snap`, an animated `scroll_to` and the circle reveal take"),
        "animation.remove_duration": Doc(meaning: "seconds a removal from the deck animates"),
        "animation.insert_duration": Doc(meaning: "seconds an insertion into the deck animates"),
        "animation.move_duration": Doc(meaning: "seconds a move within the deck animates"),
        "animation.slowdown": Doc(
            meaning: "every animation (flings, steps, deck edits, the reveal) runs that many times slower"),
        "animation.curve": Doc(
            meaning:
                "how progress follows time: the fling's exponential slowing onto the card and landing at rest in `duration`, Core Animation's named curves, or any cubic Bézier",
            allowed:
                "\"decelerate\", \"linear\", \"ease_in\", \"ease_out\", \"ease_in_out\", or [x1, y1, x2, y2] with x1, x2 in [0, 1] and y1, y2 in [−100, 100]"
        ),
        "animation.spring": Doc(
            meaning:
                "replaces `curve` and `duration` for steps, snapping flings and the reveal: ω = 2π/response; below damping ratio 1 (bounce above 0) it overshoots; `save` writes it in the dialect it was given",
            allowed:
                "\"smooth\", \"snappy\", \"bouncy\" (SwiftUI's, 0.5 s with bounce 0, 0.15, 0.3); { duration = [0.01, 10] s, bounce = [−0.9, 0.99] } (iOS 17; left out: 0.5, 0); { damping_ratio = [0.01, 10], response = [0.01, 10] s } (left out: SwiftUI's .spring() 0.825, 0.5); { mass = (0, 1000000], stiffness, damping } (mass left out: 1)"
        ),
        "carousel.item_spacing": Doc(meaning: "spacing between items, in item widths"),
        "carousel.arc": Doc(meaning: "the arc the circular types spread their items over, in radians"),
        "carousel.radius": Doc(
            meaning: "the circle's radius in points (by default from the item width, count and arc)"),
        "carousel.angle": Doc(meaning: "the angular step between items of the circular types, in radians"),
        "carousel.tilt": Doc(meaning: "cover flow's turn and the time machine's sideways lean"),
        "carousel.count": Doc(meaning: "items on a full circle for the circular types"),
        "carousel.visible_items": Doc(meaning: "items laid out around the current one"),
        "carousel.fade_min": Doc(
            meaning: "offset below which cards fade out", allowed: "[−1000000, 1000000], or -inf for no limit"),
        "carousel.fade_max": Doc(
            meaning: "offset above which cards fade out", allowed: "[−1000000, 1000000], or inf for no limit"),
        "carousel.fade_range": Doc(meaning: "how many items wide the fade is"),
        "carousel.fade_min_alpha": Doc(meaning: "the alpha at the end of the fade"),
        "carousel.show_backfaces": Doc(meaning: "draw items turned away from the viewer"),
        "carousel.vertical": Doc(meaning: "lay the carousel out vertically"),
        "carousel.viewpoint": Doc(
            meaning: "iCarousel's viewpointOffset in points: moves the items against the vanishing point",
            allowed: "[x, y], each in [−100000, 100000]"),
        "scroll.model": Doc(
            meaning:
                "how the deck follows a finger and a throw (docs/layouts.md §8.1): UIScrollView's, iCarousel's or seedante's flip pan; default the style's seed: `icarousel` for the carousels and `switcher9`, `flip` for `flip`, `scroll_view` for the others"
        ),
        "scroll.bounces": Doc(meaning: "a deck that does not wrap moves past its edges and comes back"),
        "scroll.rubber_band": Doc(meaning: "UIScrollView's rubber band constant c in f(x) = (1 − 1/(x·c/d + 1))·d"),
        "scroll.paging": Doc(meaning: "one card per throw"),
        "scroll.bounce_distance": Doc(
            meaning: "iCarousel's bounceDistance: how far past an edge the deck goes, in items"),
        "scroll.deceleration_rate": Doc(
            meaning:
                "iCarousel's decelerationRate: a throw coasts v/(60·(1 − rate)) items (UIScrollView's stays `animation.deceleration`)"
        ),
        "scroll.scroll_speed": Doc(meaning: "iCarousel's scrollSpeed: the release velocity's multiplier"),
        "scroll.stop_at_item_boundary": Doc(meaning: "iCarousel's stopAtItemBoundary: a throw ends on a whole item"),
        "scroll.scroll_to_item_boundary": Doc(
            meaning: "iCarousel's scrollToItemBoundary: a release that does not throw scrolls to the nearest item"),
    ]
}
