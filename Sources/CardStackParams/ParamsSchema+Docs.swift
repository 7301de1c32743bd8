/// One line of documentation for every key of the parameter file, kept with the key's schema
/// entry (`.doc(meaning:allowed:)`): the parameter reference (`cardstack schema --markdown`,
/// docs/parameters.md) and the JSON Schema editors read (`cardstack schema --json-schema`)
/// are both generated from the schema, so neither can go stale.
extension ParamsSchema {
    struct Doc: Sendable {
        /// What the key does.
        var meaning: String
        /// The allowed values in words, where the key's bounds do not say them all.
        var allowed: String? = nil
    }

    /// The documentation of the key `dotted` (`layout.spacing`), or nil for an unknown key.
    static func doc(for dotted: String) -> Doc? {
        for entry in allTables {
            for key in entry.keys where !key.isTable && "\(entry.table).\(key.name)" == dotted {
                return key.documentation
            }
        }
        return nil
    }
}

extension ParamsSchema.Key {
    /// The key with its documentation: what it does, and its allowed values in words where
    /// its bounds do not say them all.
    func doc(meaning: String, allowed: String? = nil) -> Self {
        var key = self
        key.documentation = ParamsSchema.Doc(meaning: meaning, allowed: allowed)
        return key
    }
}
