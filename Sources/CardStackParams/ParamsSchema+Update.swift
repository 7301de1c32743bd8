import CardLayout

/// A `set_params` checks only the keys it sends: the rest of the tree in force was valid
/// already, and each key's rule reads its own value alone (docs/performance.md, "Where a
/// `set_params` and a save spend their time").
extension ParamsSchema {
    /// ``resolve(_:)`` of `merged`, which is a tree whose resolution is `parameters` with
    /// `update` merged in (``merging(_:_:)``): each key `update` sets is read again from
    /// `merged` (a spring or an array as merged, whole) into `parameters`, and the warnings,
    /// which weigh keys against each other, are worked out again for the whole set.
    ///
    /// The whole tree is resolved instead when a key's default or rule depends on another
    /// key (`layout.style` sets the defaults of `wrap` and `anchor`; `[reduced]`'s tables
    /// stand in for other tables' keys), and whenever a key is refused, so the error is the
    /// one ``resolve(_:)`` reports first, as it always was.
    public static func resolve(
        _ update: ParamNode, merged: ParamNode, onto parameters: Parameters
    ) throws(ParamsError) -> Resolved {
        guard let changed = update.entries, let tables = merged.entries else { return try resolve(merged) }
        var p = parameters
        for (name, node) in changed {
            guard name != "reduced", let entries = node.entries,
                let t = schema.firstIndex(where: { $0.table == name }),
                let table = tables.first(where: { $0.key == name })?.node.entries
            else { return try resolve(merged) }
            let keys = schema[t].keys
            for (key, _) in entries {
                guard !(name == "layout" && key == "style"), let k = keys.firstIndex(where: { $0.name == key }),
                    !keys[k].isTable, let value = table.first(where: { $0.key == key })?.node
                else { return try resolve(merged) }
                do throws(ParamsError) {
                    try keys[k].apply(value, &p, dottedNames[t][k])
                } catch {
                    return try resolve(merged)
                }
            }
        }
        return Resolved(parameters: p, warnings: p.warnings)
    }
}
