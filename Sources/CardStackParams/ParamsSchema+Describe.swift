import CardLayout
import CardStackProtocol

/// The schema as data, for `get_schema`: what a client needs to build an editor for every
/// key without knowing the rules itself.
extension ParamsSchema {
    /// The allowed values of a key, when its default's JSON type does not say enough.
    enum Bounds: Sendable {
        case number(Interval)
        case integer(ClosedRange<Int>)
        case boolean
        case choices([String])
        /// An array of numbers, each in the interval.
        case numbers(Interval)
    }

    /// Every key in the file's order, with its type, range, default and per-style defaults.
    public static let schemaInfo: SchemaInfo = describe()

    static func describe() -> SchemaInfo {
        let base = defaults(style: nil)
        let styles = Style.allCases.map { ($0.rawValue, defaults(style: $0)) }
        var out: [SchemaKey] = []
        for (table, keys) in allTables {
            for key in keys where !key.isTable {
                let dotted = "\(table).\(key.name)"
                let value = base[dotted] ?? .null
                var entry = SchemaKey(key: dotted, type: typeName(of: value), default: value)
                switch key.bounds {
                case .number(let interval)?, .numbers(let interval)?:
                    entry.type = if case .numbers = key.bounds { "array" } else { "number" }
                    switch interval {
                    case .open(let a, let b):
                        (entry.min, entry.max, entry.minInclusive, entry.maxInclusive) = (a, b, false, false)
                    case .openClosed(let a, let b):
                        (entry.min, entry.max, entry.minInclusive, entry.maxInclusive) = (a, b, false, true)
                    case .closed(let a, let b):
                        (entry.min, entry.max, entry.minInclusive, entry.maxInclusive) = (a, b, true, true)
                    }
                case .integer(let range)?:
                    entry.type = "integer"
                    (entry.min, entry.max, entry.minInclusive, entry.maxInclusive) =
                        (Double(range.lowerBound), Double(range.upperBound), true, true)
                case .boolean?: entry.type = "boolean"
                case .choices(let names)?:
                    entry.type = "string"
                    entry.choices = names
                case nil: break
                }
                let perStyle = styles.map { ($0.0, $0.1[dotted] ?? .null) }
                if dotted != "layout.style", perStyle.contains(where: { $0.1 != value }) {
                    entry.byStyle = .object(perStyle.map { (key: $0.0, value: $0.1) })
                }
                entry.styles = key.styles?.map(\.rawValue)
                out.append(entry)
            }
        }
        return SchemaInfo(keys: out)
    }

    /// The resolved defaults of a file that sets only `layout.style` (or nothing), by dotted key.
    static func defaults(style: Style?) -> [String: JSONValue] {
        let tree: ParamNode =
            if let style {
                ParamNode(
                    .table([
                        (
                            key: "layout",
                            node: ParamNode(.table([(key: "style", node: ParamNode(.string(style.rawValue)))]))
                        )
                    ]))
            } else {
                .emptyTable
            }
        guard let resolved = try? resolve(tree) else { return [:] }
        var out: [String: JSONValue] = [:]
        for (key, value) in values(in: resolved.parameters).joined() { out[key] = value }
        // Left out, `scroll.model` is the style's seed's (Style.defaultScrollModel): say which.
        let style = resolved.parameters.layout.style
        out["scroll.model"] = out["scroll.model"] ?? .string(style.defaultScrollModel.rawValue)
        return out
    }

    static func typeName(of value: JSONValue) -> String {
        switch value {
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "table"
        case .null: "any"
        }
    }
}
