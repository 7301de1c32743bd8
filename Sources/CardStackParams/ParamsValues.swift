import CardLayout
import CardStackProtocol

/// Parameters as a flat list of dotted keys (`layout.spacing`) and their JSON values, in
/// the order `get_params` writes them: what `save` compares and `history` reports.
///
/// Each value is read from its schema entry (``ParamsSchema/values(in:)``), so a key
/// added to the schema is compared, saved and reported with no change here. A key whose value
/// is absent (a `[carousel]` option left to the type's default) is not in the list.
public enum ParamsValues {
    /// Every key and its value.
    public static func flatten(_ parameters: Parameters) -> [(key: String, value: JSONValue)] {
        tables(parameters).flatMap { $0 }
    }

    /// Each table's keys, dotted, with their values, the springs as the file writes them.
    static func tables(_ parameters: Parameters) -> [[(key: String, value: JSONValue)]] {
        ParamsSchema.tableNames.indices.map { table($0, of: parameters) }
    }

    /// Table `t`'s keys, dotted, with their values, the springs as the file writes them.
    static func table(_ t: Int, of parameters: Parameters) -> [(key: String, value: JSONValue)] {
        var table = ParamsSchema.values(in: parameters, table: t)
        for spring in ["animation.spring", "reduced.animation.spring"] {
            if let i = table.firstIndex(where: { $0.key == spring }) {
                table[i].value = writtenSpring(table[i].value)
            }
        }
        return table
    }

    /// ``flatten(_:)`` of the parameters last given, kept table by table: a set that changes
    /// one key flattens and compares one table's keys, not every table's (a `set_params`
    /// pays this, docs/performance.md); which tables changed is told by `Parameters`' own
    /// tables (``ParamsSchema/sameTable(_:_:_:)``).
    public struct Flat: Sendable {
        public private(set) var parameters: Parameters
        private var flattened: [[(key: String, value: JSONValue)]]

        public init(_ parameters: Parameters) {
            self.parameters = parameters
            flattened = ParamsValues.tables(parameters)
        }

        /// ``ParamsValues/changedKeys(from:to:)`` from `old` to these, comparing only the
        /// tables that differ.
        public func changedKeys(from old: Flat) -> [String] {
            var changed: [String] = []
            var gone: [String] = []
            for i in flattened.indices
            where !ParamsSchema.sameTable(i, old.parameters, parameters)
                && !ParamsValues.same(old.flattened[i], flattened[i])
            {
                let found = ParamsValues.difference(old.flattened[i], flattened[i])
                changed += found.changed
                gone += found.gone
            }
            return changed + gone
        }

        public mutating func update(to new: Parameters) {
            guard new != parameters else { return }
            for t in flattened.indices where !ParamsSchema.sameTable(t, parameters, new) {
                flattened[t] = ParamsValues.table(t, of: new)
            }
            parameters = new
        }
    }

    /// Whether two flattened tables hold the same keys with the same values, in order.
    static func same(_ a: [(key: String, value: JSONValue)], _ b: [(key: String, value: JSONValue)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// The keys whose values differ between `a` and `b` (set in one and not the other
    /// counts), in `b`'s order, then those only `a` has.
    public static func changedKeys(from a: Parameters, to b: Parameters) -> [String] {
        changedKeys(from: flatten(a), to: flatten(b))
    }

    /// ``changedKeys(from:to:)`` of two lists ``flatten(_:)`` made.
    public static func changedKeys(
        from old: [(key: String, value: JSONValue)], to new: [(key: String, value: JSONValue)]
    ) -> [String] {
        let (changed, gone) = difference(old, new)
        return changed + gone
    }

    /// The keys of `new` whose values differ in `old` (or that `old` lacks), in `new`'s order,
    /// and the keys only `old` has.
    static func difference(_ old: [(key: String, value: JSONValue)], _ new: [(key: String, value: JSONValue)])
        -> (changed: [String], gone: [String])
    {
        // The same keys in the same order (one table of two sets, read from the same schema
        // entries): compared pair by pair.
        if old.count == new.count, zip(old, new).allSatisfy({ $0.key == $1.key }) {
            return (zip(old, new).compactMap { $0.value == $1.value ? nil : $1.key }, [])
        }
        // A table holds a few dozen keys: a scan is cheaper than hashing them.
        let changed = new.compactMap { key, value in old.first { $0.key == key }?.value == value ? nil : key }
        let gone = old.compactMap { key, _ in new.contains { $0.key == key } ? nil : key }
        return (changed, gone)
    }

    /// A spring as the file writes it: in its own dialect only (`get_params` gives every
    /// reading), so `save` writes it back the way it was given and history shows that.
    static func writtenSpring(_ value: JSONValue) -> JSONValue {
        guard case .object(let fields) = value,
            case .string(let dialect)? = fields.first(where: { $0.key == "dialect" })?.value
        else { return value }
        let keys: [String]
        switch dialect {
        case "damping_ratio": keys = ["damping_ratio", "response"]
        case "duration_bounce": keys = ["duration", "bounce"]
        case "mass_stiffness_damping": keys = ["mass", "stiffness", "damping"]
        default: return .string(dialect)
        }
        return .object(keys.compactMap { key in fields.first { $0.key == key } })
    }
}
