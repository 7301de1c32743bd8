import CardLayout
import CardStackProtocol

/// A parameter set as the wire writes it, read key by key from the schema: the `params`
/// writer (CardStackWire's `JSONWriter+Parameters.swift`), `unsaved`, `save`'s comparisons
/// and history (``ParamsValues``) all take a key's value from its entry, so a new key needs
/// nothing here. The order is the schema's, which is `Parameters`' `Codable` order
/// (`ParametersEncodingTests` holds the two to the same bytes).
extension ParamsSchema {
    /// The tables, in the order the wire writes them.
    public static let tableNames: [String] = schema.map(\.table)

    /// Each table's keys as the wire writes them, made once: the name, the dotted name
    /// (`layout.spacing`) and the reader of the value (iterating the whole entries copied
    /// each one's fields on every `params`).
    static let written: [[(name: String, dotted: String, value: @Sendable (inout Parameters) -> JSONValue?)]] =
        schema.map {
            table in table.keys.map { ($0.name, "\(table.table).\($0.name)", $0.value) }
        }

    /// Table by table (in ``tableNames``' order), the keys that `parameters` sets, dotted
    /// (`layout.spacing`), with their values.
    public static func values(in parameters: Parameters) -> [[(key: String, value: JSONValue)]] {
        var p = parameters
        return written.map { keys in
            var out: [(key: String, value: JSONValue)] = []
            out.reserveCapacity(keys.count)
            for i in keys.indices {
                if let value = keys[i].value(&p) { out.append((keys[i].dotted, value)) }
            }
            return out
        }
    }

    /// Calls `table` with each table's name, then `key` with each key that `parameters` sets
    /// in it and its value: the wire form without building a list.
    public static func forEachValue(
        in parameters: Parameters, table: (String) throws -> Void, key: (String, JSONValue) throws -> Void
    ) rethrows {
        var p = parameters
        for t in written.indices {
            try table(tableNames[t])
            let keys = written[t]
            for i in keys.indices {
                if let value = keys[i].value(&p) { try key(keys[i].name, value) }
            }
        }
    }
}
