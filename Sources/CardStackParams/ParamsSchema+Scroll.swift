import CardLayout

/// `[scroll]`: the scroll model and its constants (docs/layouts.md §8.1). `model`'s default
/// is the style's seed's (``Style/defaultScrollModel``), resolved like `layout.wrap`.
extension ParamsSchema {
    static let scrollKeys: [Key] = [
        Key(name: "model", bounds: .choices(ScrollModel.allCases.map(\.rawValue))) {
            node, p, key throws(ParamsError) in
            p.scroll.model = try scrollModel(node, key)
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

    static func scrollModel(_ node: ParamNode, _ key: String) throws(ParamsError) -> ScrollModel {
        let names = ScrollModel.allCases.map(\.rawValue)
        guard case .string(let name) = node.value else {
            throw ParamsError(
                .wrongType,
                "\(key) must be a string, one of \(names.joined(separator: ", ")); got \(node.kindName) (\(node.display))",
                key: key, at: node.position)
        }
        guard let model = ScrollModel(rawValue: name) else {
            let hint = suggestion(for: name, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw ParamsError(
                .outOfRange, "\(key) must be one of \(names.joined(separator: ", ")), got \"\(name)\"\(hint)",
                key: key, at: node.position)
        }
        return model
    }
}
