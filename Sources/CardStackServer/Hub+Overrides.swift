import CardStackParams

extension Hub {
    /// The dotted keys `set_params` has set since the file was last loaded (`overrides` in
    /// `get_params` and `params` events), so a client can tell which values are the file's.
    var overriddenKeys: [String] {
        guard let tables = overrides.entries else { return [] }
        return tables.flatMap { table in
            (table.node.entries ?? []).map { "\(table.key).\($0.key)" }
        }
    }
}
