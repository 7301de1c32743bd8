extension ParamNode {
    /// The dotted names of the leaf values in this table, in order: `{"layout": {"spacing":
    /// 40}, "card": {"width": 300}}` gives `["layout.spacing", "card.width"]`. Arrays are
    /// leaves (`layout.flip_range`).
    public var dottedKeys: [String] {
        guard let entries else { return [] }
        return entries.flatMap { key, node -> [String] in
            let below = node.dottedKeys
            return node.entries == nil ? [key] : below.map { "\(key).\($0)" }
        }
    }
}
