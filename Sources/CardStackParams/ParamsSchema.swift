import CardLayout

/// Parameters that passed validation, and the warnings about them.
public struct Resolved: Sendable, Equatable {
    public var parameters: Parameters
    public var warnings: [String]
}

/// The one set of rules for parameter trees, from a file or from `set_params` (the README's parameter table):
/// known tables and keys, types (an integer is accepted wherever a number is), ranges, and
/// the defaults that depend on `layout.style`.
public enum ParamsSchema {
    /// Validates `tree` and fills every key it does not set with its default.
    ///
    /// - Throws: the first error in file order (by line and column).
    public static func resolve(_ tree: ParamNode) throws(ParamsError) -> Resolved {
        var errors: [ParamsError] = []
        var parameters = Parameters()
        // Defaults that depend on the style come first; a key the tree sets wins.
        if let layout = tree.entries?.first(where: { $0.key == "layout" })?.node.entries,
            let style = layout.first(where: { $0.key == "style" })?.node,
            case let .string(name) = style.value, let known = Style(rawValue: name)
        {
            parameters.layout.style = known
        }
        parameters.layout.wrap = parameters.layout.style.defaultWrap
        parameters.card.anchor = parameters.layout.style.defaultAnchor

        guard let tables = tree.entries else {
            throw ParamsError(.wrongType, "the parameters must be a table, got \(tree.kindName)", at: tree.position)
        }
        for (name, node) in tables {
            guard let keys = schema.first(where: { $0.table == name })?.keys else {
                let flat = schema.flatMap { t in t.keys.map { "\(t.table).\($0.name)" } }
                let hint = suggestion(for: name, among: schema.map(\.table))
                    ?? suggestion(for: name, among: flat, matchingLast: true)
                errors.append(ParamsError(
                    .unknownKey, "unknown \(node.entries == nil ? "key" : "table") \(name)" + (hint.map { " (did you mean \($0)?)" } ?? ""),
                    key: name, at: node.keyPosition ?? node.position))
                continue
            }
            guard let entries = node.entries else {
                errors.append(ParamsError(
                    .wrongType, "\(name) must be a table ([\(name)]), got \(node.kindName)", key: name,
                    at: node.position))
                continue
            }
            for (key, value) in entries {
                let dotted = "\(name).\(key)"
                guard let spec = keys.first(where: { $0.name == key }) else {
                    let hint = suggestion(for: key, among: keys.map(\.name))
                    errors.append(ParamsError(
                        .unknownKey, "unknown key \(dotted)" + (hint.map { " (did you mean \($0)?)" } ?? ""),
                        key: dotted, at: value.keyPosition ?? value.position))
                    continue
                }
                do {
                    try spec.apply(value, &parameters, dotted)
                } catch {
                    errors.append(error)
                }
            }
        }
        if let first = errors.min(by: { ($0.position ?? .max) < ($1.position ?? .max) }) {
            throw first
        }
        return Resolved(parameters: parameters, warnings: parameters.warnings)
    }

    /// Every table and key the schema knows, for documentation and suggestions.
    public static var knownKeys: [String] {
        schema.flatMap { t in t.keys.map { "\(t.table).\($0.name)" } }
    }

    // MARK: - The schema

    struct Key: Sendable {
        var name: String
        /// What an editor needs to know about the values (`get_schema`); nil when the
        /// default's JSON type says it all.
        var bounds: Bounds? = nil
        var apply: @Sendable (ParamNode, inout Parameters, String) throws(ParamsError) -> Void
    }

    static let schema: [(table: String, keys: [Key])] = [
        ("layout", [
            Key(name: "style", bounds: .choices(Style.allCases.map(\.rawValue))) { node, p, key throws(ParamsError) in
                p.layout.style = try style(node, key)
            },
            integer("cards", 1...1_000_000, \.layout.cards),
            boolean("wrap", \.layout.wrap),
            number("spacing", .openClosed(0, 100_000), \.layout.spacing),
            number("scale_step", .openClosed(0, 1), \.layout.scaleStep),
            number("m34", .closed(-0.1, 0.1), \.layout.m34),
            Key(name: "flip_range", bounds: .numbers(.closed(0, 1000))) { node, p, key throws(ParamsError) in
                let pair = try numbers(node, key, count: 2, each: .closed(0, 1000))
                guard pair[0] < pair[1] else {
                    throw ParamsError(
                        .outOfRange, "\(key) must be [f0, f1] with 0 <= f0 < f1, got \(node.display)",
                        key: key, at: node.position)
                }
                p.layout.flipRange = pair
            },
        ]),
        ("card", [
            number("width", .openClosed(0, 100_000), \.card.width),
            number("height", .openClosed(0, 100_000), \.card.height),
            Key(name: "anchor", bounds: .numbers(.closed(0, 1))) { node, p, key throws(ParamsError) in
                p.card.anchor = try numbers(node, key, count: 2, each: .closed(0, 1))
            },
            Key(name: "titles") { node, p, key throws(ParamsError) in
                guard case let .array(items) = node.value else {
                    throw ParamsError(.wrongType, "\(key) must be an array of strings, got \(node.kindName)", key: key, at: node.position)
                }
                p.card.titles = try items.enumerated().map { (i, item) throws(ParamsError) in
                    guard case let .string(s) = item.value else {
                        throw ParamsError(
                            .wrongType, "\(key)[\(i)] must be a string, got \(item.kindName) (\(item.display))",
                            key: key, at: item.position ?? node.position)
                    }
                    // As for `insert`: bounded in characters and in bytes, so the titles of a
                    // frame (at most 1024 cards) take at most 264 kB and the frame stays under 1 MiB.
                    if let problem = Deck.titleProblem(s) {
                        throw ParamsError(.outOfRange, "\(key)[\(i)] \(problem)", key: key, at: item.position ?? node.position)
                    }
                    return s
                }
            },
        ]),
        ("viewport", [
            number("width", .openClosed(0, 100_000), \.viewport.width),
            number("height", .openClosed(0, 100_000), \.viewport.height),
        ]),
        ("animation", [
            integer("fps", 1...240, \.animation.fps),
            number("deceleration", .open(0, 1), \.animation.deceleration),
            boolean("snap", \.animation.snap),
        ] + animationMotionKeys),
        ("carousel", carouselKeys),
    ]

    /// An allowed interval for a number, printed the way the README writes it.
    enum Interval: Sendable {
        case open(Double, Double), openClosed(Double, Double), closed(Double, Double)

        func contains(_ x: Double) -> Bool {
            switch self {
            case let .open(a, b): a < x && x < b
            case let .openClosed(a, b): a < x && x <= b
            case let .closed(a, b): a <= x && x <= b
            }
        }

        var text: String {
            switch self {
            case let .open(a, b): "in (\(format(a)), \(format(b)))"
            case let .openClosed(a, b): "in (\(format(a)), \(format(b))]"
            case let .closed(a, b): "in [\(format(a)), \(format(b))]"
            }
        }

        /// The shortest sentence for the bound that was broken: `> 0` when the value is
        /// below an open lower bound, else the whole interval.
        func requirement(for x: Double) -> String {
            switch self {
            case let .openClosed(a, _) where x <= a, let .open(a, _) where x <= a: "> \(format(a))"
            case let .closed(a, _) where x < a: ">= \(format(a))"
            default: text
            }
        }
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// A number: a TOML integer or float, finite.
    static func double(_ node: ParamNode, _ key: String) throws(ParamsError) -> Double {
        switch node.value {
        case let .double(x):
            guard x.isFinite else {
                throw ParamsError(.outOfRange, "\(key) must be a finite number, got \(node.display)", key: key, at: node.position)
            }
            return x
        case let .integer(x): return Double(x)
        default:
            throw ParamsError(.wrongType, "\(key) must be a number, got \(node.kindName) (\(node.display))", key: key, at: node.position)
        }
    }

    /// A number in `interval`.
    static func checkedNumber(_ node: ParamNode, _ key: String, _ interval: Interval) throws(ParamsError) -> Double {
        let x = try double(node, key)
        guard interval.contains(x) else {
            throw ParamsError(
                .outOfRange, "\(key) must be \(interval.requirement(for: x)), got \(node.display)", key: key, at: node.position)
        }
        return x
    }

    /// An integer in `range` (a float with no fraction counts).
    static func checkedInteger(_ node: ParamNode, _ key: String, _ range: ClosedRange<Int>) throws(ParamsError) -> Int {
        let allowed = "an integer in \(range.lowerBound)...\(range.upperBound)"
        let value: Int64
        switch node.value {
        case let .integer(x): value = x
        case let .double(x) where x == x.rounded() && abs(x) < 1e18: value = Int64(x)
        default:
            throw ParamsError(.wrongType, "\(key) must be \(allowed), got \(node.kindName) (\(node.display))", key: key, at: node.position)
        }
        guard let int = Int(exactly: value), range.contains(int) else {
            throw ParamsError(.outOfRange, "\(key) must be \(allowed), got \(node.display)", key: key, at: node.position)
        }
        return int
    }

    /// `true` or `false`.
    static func checkedBool(_ node: ParamNode, _ key: String) throws(ParamsError) -> Bool {
        guard case let .bool(b) = node.value else {
            throw ParamsError(
                .wrongType, "\(key) must be true or false, got \(node.kindName) (\(node.display))", key: key, at: node.position)
        }
        return b
    }

    static func number(_ name: String, _ interval: Interval, _ path: any WritableKeyPath<Parameters, Double> & Sendable) -> Key {
        Key(name: name, bounds: .number(interval)) { node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedNumber(node, key, interval)
        }
    }

    static func integer(_ name: String, _ range: ClosedRange<Int>, _ path: any WritableKeyPath<Parameters, Int> & Sendable) -> Key {
        Key(name: name, bounds: .integer(range)) { node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedInteger(node, key, range)
        }
    }

    static func boolean(_ name: String, _ path: any WritableKeyPath<Parameters, Bool> & Sendable) -> Key {
        Key(name: name) { node, p, key throws(ParamsError) in p[keyPath: path] = try checkedBool(node, key) }
    }

    static func numbers(_ node: ParamNode, _ key: String, count: Int, each: Interval) throws(ParamsError) -> [Double] {
        guard case let .array(items) = node.value, items.count == count else {
            throw ParamsError(
                .wrongType, "\(key) must be an array of \(count) numbers, got \(node.display)", key: key, at: node.position)
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            let x = try double(item, "\(key)[\(i)]")
            guard each.contains(x) else {
                throw ParamsError(
                    .outOfRange, "\(key)[\(i)] must be \(each.requirement(for: x)), got \(item.display)", key: key,
                    at: item.position ?? node.position)
            }
            out.append(x)
        }
        return out
    }

    static func style(_ node: ParamNode, _ key: String) throws(ParamsError) -> Style {
        let names = Style.allCases.map(\.rawValue)
        guard case let .string(name) = node.value else {
            throw ParamsError(
                .wrongType, "\(key) must be a string, one of \(names.joined(separator: ", ")); got \(node.kindName) (\(node.display))",
                key: key, at: node.position)
        }
        guard let style = Style(rawValue: name) else {
            let hint = suggestion(for: name, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw ParamsError(
                .outOfRange, "\(key) must be one of \(names.joined(separator: ", ")), got \"\(name)\"\(hint)",
                key: key, at: node.position)
        }
        return style
    }

    /// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
    static func suggestion(for word: String, among candidates: [String], matchingLast: Bool = false) -> String? {
        let scored = candidates.map { candidate -> (String, Int) in
            let compared = matchingLast ? String(candidate.split(separator: ".").last ?? "") : candidate
            return (candidate, editDistance(word.lowercased(), compared.lowercased()))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
