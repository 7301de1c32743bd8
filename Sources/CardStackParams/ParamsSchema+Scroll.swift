import CardLayout
import CardStackProtocol

/// `[scroll]`: the scroll model and its constants (docs/layouts.md §8.1). `model`'s default
/// is the style's seed's (``Style/defaultScrollModel``), resolved like `layout.wrap`.
extension ParamsSchema {
    static let scrollKeys: [Key] = [
        Key(
            name: "model", bounds: .choices(ScrollModel.allCases.map(\.rawValue)),
            value: { $0.scroll.model.map { .string($0.rawValue) } }
        ) {
            node, p, key throws(ParamsError) in
            p.scroll.model = try name(node, key) as ScrollModel
        }
        .doc(
            meaning:
                "how the deck follows a finger and a throw (docs/layouts.md §8.1): UIScrollView's, iCarousel's or seedante's flip pan; default the style's seed: `icarousel` for the carousels and `switcher9`, `flip` for `flip`, `scroll_view` for the others"
        ),
        boolean("bounces", \.scroll.bounces)
            .doc(meaning: "a deck that does not wrap moves past its edges and comes back"),
        number("rubber_band", .openClosed(0, 10), \.scroll.rubberBand)
            .doc(meaning: "UIScrollView's rubber band constant c in f(x) = (1 − 1/(x·c/d + 1))·d"),
        boolean("paging", \.scroll.paging)
            .doc(meaning: "one card per throw"),
        number("bounce_distance", .closed(0, 100), \.scroll.bounceDistance)
            .doc(meaning: "iCarousel's bounceDistance: how far past an edge the deck goes, in items"),
        number("deceleration_rate", .closed(0, 0.999), \.scroll.decelerationRate)
            .doc(
                meaning:
                    "iCarousel's decelerationRate: a throw coasts v/(60·(1 − rate)) items (UIScrollView's stays `animation.deceleration`)"
            ),
        number("scroll_speed", .closed(0, 100), \.scroll.scrollSpeed)
            .doc(meaning: "iCarousel's scrollSpeed: the release velocity's multiplier"),
        boolean("stop_at_item_boundary", \.scroll.stopAtItemBoundary)
            .doc(meaning: "iCarousel's stopAtItemBoundary: a throw ends on a whole item"),
        boolean("scroll_to_item_boundary", \.scroll.scrollToItemBoundary)
            .doc(
                meaning: "iCarousel's scrollToItemBoundary: a release that does not throw scrolls to the nearest item"),
    ]
}
