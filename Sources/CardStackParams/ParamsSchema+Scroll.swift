import CardLayout

/// `[scroll]`: the scroll model and its constants (docs/layouts.md §8.1). `model`'s default
/// is the style's seed's (``Style/defaultScrollModel``), resolved like `layout.wrap`.
extension ParamsSchema {
    static let scrollKeys: [Key] = [
        Key(name: "model", bounds: .choices(ScrollModel.allCases.map(\.rawValue))) {
            node, p, key throws(ParamsError) in
            p.scroll.model = try name(node, key) as ScrollModel
        },
        boolean("bounces", \.scroll.bounces),
        number("rubber_band", .openClosed(0, 10), \.scroll.rubberBand),
        boolean("paging", \.scroll.paging),
        number("bounce_distance", .closed(0, 100), \.scroll.bounceDistance),
        number("deceleration_rate", .closed(0, 0.999), \.scroll.decelerationRate),
        number("scroll_speed", .closed(0, 100), \.scroll.scrollSpeed),
        boolean("stop_at_item_boundary", \.scroll.stopAtItemBoundary),
        boolean("scroll_to_item_boundary", \.scroll.scrollToItemBoundary),
    ]
}
