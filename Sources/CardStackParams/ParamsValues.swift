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
        guard let bytes = try? WireJSON.encode(parameters), let json = try? JSONParser.parse(bytes),
            case .object(let tables) = json
        else { return [] }
        var out: [(key: String, value: JSONValue)] = []
        for (table, value) in tables {
            guard case .object(let keys) = value else {
                out.append((table, value))
                continue
            }
            for (key, value) in keys {
                let dotted = "\(table).\(key)"
                out.append((dotted, dotted == "animation.spring" ? writtenSpring(value) : value))
            }
        }
        return out
    }

    /// The keys whose values differ between `a` and `b` (set in one and not the other
    /// counts), in `b`'s order, then those only `a` has.
    public static func changedKeys(from a: Parameters, to b: Parameters) -> [String] {
        let old = flatten(a)
        let new = flatten(b)
        var changed: [String] = []
        for (key, value) in new where old.first(where: { $0.key == key })?.value != value {
            changed.append(key)
        }
        for (key, _) in old where !new.contains(where: { $0.key == key }) {
            changed.append(key)
        }
        return changed
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
