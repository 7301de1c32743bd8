import CardLayout
import CardStackProtocol
import CardStackWire

/// Parameters as a flat list of dotted keys (`layout.spacing`) and their JSON values, in
/// the order `get_params` writes them: what `save` compares and `history` reports.
///
/// It goes through the parameters' own JSON form, so a key added to ``Parameters`` is
/// compared, saved and reported with no change here. A key whose value is absent (a
/// `[carousel]` option left to the type's default) is not in the list.
public enum ParamsValues {
    /// Every key and its value.
    public static func flatten(_ parameters: Parameters) -> [(key: String, value: JSONValue)] {
        tables.flatMap { $0.flatten(parameters) }
    }

    /// The parameters' tables in the order their JSON form writes them: each flattened on its
    /// own, so ``Flat`` flattens again only the tables a new set changed.
    struct Table: Sendable {
        var flatten: @Sendable (Parameters) -> [(key: String, value: JSONValue)]
        var same: @Sendable (Parameters, Parameters) -> Bool
    }

    static let tables: [Table] = [
        table("layout") { $0.layout }, table("card") { $0.card }, table("viewport") { $0.viewport },
        table("animation") { $0.animation }, table("carousel") { $0.carousel }, table("scroll") { $0.scroll },
        table("reduced") { $0.reduced },
    ]

    static func table<T: Encodable & Equatable>(_ name: String, _ get: @escaping @Sendable (Parameters) -> T) -> Table {
        Table(
            flatten: { parameters in
                guard let bytes = try? WireJSON.encode(get(parameters)),
                    case .object(let keys)? = try? JSONParser.parse(bytes)
                else { return [] }
                return keys.flatMap { key, value in
                    let dotted = "\(name).\(key)"
                    // `[reduced]`'s override tables hold keys of their own (`reduced.animation.duration`).
                    if name == "reduced", case .object(let inner) = value {
                        return inner.map {
                            (key: "\(dotted).\($0.key)", value: spring(at: "\(dotted).\($0.key)", $0.value))
                        }
                    }
                    return [(key: dotted, value: spring(at: dotted, value))]
                }
            },
            same: { get($0) == get($1) })
    }

    /// ``flatten(_:)`` of the parameters last given, kept table by table: a set that changes
    /// one key flattens one table again, not five (a `set_params` pays this, docs/performance.md).
    public struct Flat: Sendable {
        public private(set) var parameters: Parameters
        private var flattened: [[(key: String, value: JSONValue)]]

        public init(_ parameters: Parameters) {
            self.parameters = parameters
            flattened = ParamsValues.tables.map { $0.flatten(parameters) }
        }

        /// ``ParamsValues/changedKeys(from:to:)`` from `old` to these, comparing only the
        /// tables that differ.
        public func changedKeys(from old: Flat) -> [String] {
            var changed: [String] = []
            var gone: [String] = []
            for (i, table) in ParamsValues.tables.enumerated() where !table.same(old.parameters, parameters) {
                let found = ParamsValues.difference(old.flattened[i], flattened[i])
                changed += found.changed
                gone += found.gone
            }
            return changed + gone
        }

        public mutating func update(to new: Parameters) {
            for (i, table) in ParamsValues.tables.enumerated() where !table.same(parameters, new) {
                flattened[i] = table.flatten(new)
            }
            parameters = new
        }
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
        // A table holds a few dozen keys: a scan is cheaper than hashing them.
        let changed = new.compactMap { key, value in old.first { $0.key == key }?.value == value ? nil : key }
        let gone = old.compactMap { key, _ in new.contains { $0.key == key } ? nil : key }
        return (changed, gone)
    }

    /// `value`, or the spring as the file writes it when `key` is a spring.
    static func spring(at key: String, _ value: JSONValue) -> JSONValue {
        key == "animation.spring" || key == "reduced.animation.spring" ? writtenSpring(value) : value
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
