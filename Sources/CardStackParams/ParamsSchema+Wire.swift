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

    /// Each table's keys as the wire writes them, made once: the name and the reader of the
    /// value (iterating the whole entries copied each one's fields on every `params`). A table
    /// of keys (`reduced.animation`) is one object of the keys it sets, as `Codable` writes it.
    static let written: [[(name: String, value: ValueReader)]] = schema.map { table in
        table.keys.map { key in (key.name, key.value ?? subtableValue("\(table.table).\(key.name)")) }
    }

    /// Each table's keys one by one, dotted (`layout.spacing`), those of a table of keys under
    /// their own names (`reduced.animation.duration`): what `unsaved`, `save`'s comparisons and
    /// history tell apart.
    static let flat: [[(dotted: String, value: ValueReader)]] = schema.map { table in
        table.keys.flatMap { key -> [(dotted: String, value: ValueReader)] in
            let dotted = "\(table.table).\(key.name)"
            if let value = key.value { return [(dotted, value)] }
            return subtableKeys(dotted).compactMap { inner in inner.value.map { ("\(dotted).\(inner.name)", $0) } }
        }
    }

    /// The keys of the table of keys `dotted` (`reduced.animation`).
    static func subtableKeys(_ dotted: String) -> [Key] {
        reducedTables.first { $0.table == dotted }?.keys ?? []
    }

    /// The table of keys `dotted` as one object: the keys it sets, in its order (`{}` for none).
    static func subtableValue(_ dotted: String) -> ValueReader {
        let keys = subtableKeys(dotted).compactMap { key in key.value.map { (name: key.name, value: $0) } }
        return { p in
            var entries: [(key: String, value: JSONValue)] = []
            for key in keys {
                if let value = key.value(&p) { entries.append((key.name, value)) }
            }
            return .object(entries)
        }
    }

    /// Whether `a` and `b` hold the same values in table `t` (an index into ``tableNames``):
    /// each table's keys read one stored table of `Parameters` and nothing else
    /// (`ParamsValuesTests` holds every table to that), so a set that changes one key is
    /// written and compared again for that table alone. A table without its own here counts
    /// as changed.
    public static func sameTable(_ t: Int, _ a: Parameters, _ b: Parameters) -> Bool {
        switch tableKinds[t] {
        case .layout: a.layout == b.layout
        case .card: a.card == b.card
        case .viewport: a.viewport == b.viewport
        case .animation: a.animation == b.animation
        case .carousel: a.carousel == b.carousel
        case .scroll: a.scroll == b.scroll
        case .reduced: a.reduced == b.reduced
        case .unknown: false
        }
    }

    /// The stored table of `Parameters` each schema table reads, found once by name.
    private enum TableKind: String {
        case layout, card, viewport, animation, carousel, scroll, reduced, unknown
    }

    private static let tableKinds: [TableKind] = tableNames.map { TableKind(rawValue: $0) ?? .unknown }

    /// The keys of table `t` that `parameters` sets, dotted, with their values
    /// (``values(in:)``' table `t`).
    static func values(in parameters: Parameters, table t: Int) -> [(key: String, value: JSONValue)] {
        var p = parameters
        let keys = flat[t]
        var out: [(key: String, value: JSONValue)] = []
        out.reserveCapacity(keys.count)
        for i in keys.indices {
            if let value = keys[i].value(&p) { out.append((keys[i].dotted, value)) }
        }
        return out
    }

    /// Table by table (in ``tableNames``' order), the keys that `parameters` sets, dotted
    /// (`layout.spacing`, `reduced.animation.duration`), with their values.
    public static func values(in parameters: Parameters) -> [[(key: String, value: JSONValue)]] {
        var p = parameters
        return flat.map { keys in
            var out: [(key: String, value: JSONValue)] = []
            out.reserveCapacity(keys.count)
            for i in keys.indices {
                if let value = keys[i].value(&p) { out.append((keys[i].dotted, value)) }
            }
            return out
        }
    }

    /// Calls `key` with each key that `parameters` sets in table `t` (an index into
    /// ``tableNames``) and its value (a table of keys as one object), in the wire's order.
    public static func forEachValue(
        in parameters: Parameters, table t: Int, key: (String, JSONValue) throws -> Void
    ) rethrows {
        var p = parameters
        let keys = written[t]
        for i in keys.indices {
            if let value = keys[i].value(&p) { try key(keys[i].name, value) }
        }
    }

    /// Calls `table` with each table's name, then `key` with each key that `parameters` sets
    /// in it and its value (a table of keys as one object): the wire form without building a
    /// list.
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
