import CardLayout
import CardStackProtocol

/// Parameters that passed validation, and the warnings about them.
public struct Resolved: Sendable, Equatable {
    public var parameters: Parameters
    public var warnings: [String]
}

/// The one set of rules for parameter trees, from a file or from `set_params` (docs/parameters.md):
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
            case .string(let name) = style.value, let known = Style(rawValue: name)
        {
            parameters.layout.style = known
        }
        parameters.layout.wrap = parameters.layout.style.defaultWrap
        parameters.card.anchor = parameters.layout.style.defaultAnchor

        guard let tables = tree.entries else {
            throw ParamsError(.wrongType, "the parameters must be a table, got \(tree.kindName)", at: tree.position)
        }
        for (name, node) in tables {
            guard let t = schema.firstIndex(where: { $0.table == name }) else {
                let flat = schema.flatMap { t in t.keys.map { "\(t.table).\($0.name)" } }
                let hint =
                    suggestion(for: name, among: schema.map(\.table))
                    ?? suggestion(for: name, among: flat, matchingLast: true)
                errors.append(
                    ParamsError(
                        .unknownKey,
                        "unknown \(node.entries == nil ? "key" : "table") \(name)"
                            + (hint.map { " (did you mean \($0)?)" } ?? ""),
                        key: name, at: node.keyPosition ?? node.position))
                continue
            }
            guard let entries = node.entries else {
                errors.append(
                    ParamsError(
                        .wrongType, "\(name) must be a table ([\(name)]), got \(node.kindName)", key: name,
                        at: node.position))
                continue
            }
            let keys = schema[t].keys
            for (key, value) in entries {
                guard let k = keys.firstIndex(where: { $0.name == key }) else {
                    let dotted = "\(name).\(key)"
                    let hint = suggestion(for: key, among: keys.map(\.name))
                    errors.append(
                        ParamsError(
                            .unknownKey, "unknown key \(dotted)" + (hint.map { " (did you mean \($0)?)" } ?? ""),
                            key: dotted, at: value.keyPosition ?? value.position))
                    continue
                }
                do {
                    try keys[k].apply(value, &parameters, dottedNames[t][k])
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

    /// Each key's dotted name (`layout.spacing`), by table and key as in ``schema``: made once,
    /// not for every key of every file read (a save's validation paid a string a key).
    static let dottedNames: [[String]] = schema.map { t in t.keys.map { "\(t.table).\($0.name)" } }

    /// Every table and key the schema knows, for documentation and suggestions.
    public static var knownKeys: [String] {
        allTables.flatMap { t in t.keys.filter { !$0.isTable }.map { "\(t.table).\($0.name)" } }
    }

    /// The file's tables and, after them, `[reduced]`'s override tables (ParamsSchema+Reduced.swift),
    /// which the resolver reaches through `[reduced]`'s keys.
    static var allTables: [(table: String, keys: [Key])] { schema + reducedTables }

    // MARK: - The schema

    /// One key: its name, what it allows, how a value is read into the parameters, how the
    /// parameters' value is written back (the `params` writer, `unsaved`, history), and what
    /// it means (docs/parameters.md, the JSON Schema, `cardstack schema KEY`).
    struct Key: Sendable {
        var name: String
        /// What an editor needs to know about the values (`get_schema`); nil when the
        /// default's JSON type says it all.
        var bounds: Bounds? = nil
        /// The styles whose layout reads the key (`get_schema`'s `styles`); nil for every style.
        var styles: [Style]? = nil
        /// The key's value in a parameter set, as the wire writes it; nil when the set leaves
        /// the key out (an unset `[carousel]` option or look key). A table of keys
        /// (`reduced.animation`) has no reader of its own: ParamsSchema+Wire.swift reads its keys.
        /// (`inout` only so that a reader takes the value's address, not a copy of the set.)
        var value: (@Sendable (inout Parameters) -> JSONValue?)?
        var apply: @Sendable (ParamNode, inout Parameters, String) throws(ParamsError) -> Void
        /// A table of keys of its own (`reduced.animation`), described and written by its keys
        /// (its `value` is nil), not itself.
        var isTable = false
        /// What the key does, and its allowed values in words where `bounds` do not say them all.
        var documentation = Doc(meaning: "")

        /// The key, read only by `styles`.
        func read(by styles: [Style]) -> Key {
            var key = self
            key.styles = styles
            return key
        }
    }

    static let schema: [(table: String, keys: [Key])] = [
        (
            "layout",
            [
                Key(
                    name: "style", bounds: .choices(Style.allCases.map(\.rawValue)),
                    value: { .string($0.layout.style.rawValue) }
                ) { node, p, key throws(ParamsError) in
                    p.layout.style = try name(node, key)
                }
                .doc(meaning: "which animation"),
                integer("cards", 1...1_000_000, \.layout.cards)
                    .doc(meaning: "distinct cards in the deck"),
                boolean("wrap", \.layout.wrap)
                    .doc(
                        meaning:
                            "endless scrolling; default true for `stack`, `flip` and the circular carousels, false for the others"
                    ),
                number("spacing", .openClosed(0, 100_000), \.layout.spacing)
                    .doc(meaning: "scroll per card, in points; snap points are its multiples"),
                number("m34", .closed(-0.1, 0.1), \.layout.m34)
                    .doc(meaning: "perspective, −1/eye distance"),
                number("scale_step", .openClosed(0, 1), \.layout.scaleStep)
                    .doc(meaning: "ratio and scale difference between adjacent cards")
                    .read(by: [.stack, .flip, .switcher7, .zoomFlow]),
                Key(
                    name: "flip_range", bounds: .numbers(.closed(0, 1000)), styles: [.stack, .flip],
                    value: { json($0.layout.flipRange) }
                ) { node, p, key throws(ParamsError) in
                    let pair = try numbers(node, key, count: 2, each: .closed(0, 1000))
                    guard pair[0] < pair[1] else {
                        throw ParamsError(
                            .outOfRange, "\(key) must be [f0, f1] with 0 <= f0 < f1, got \(node.display)",
                            key: key, at: node.position)
                    }
                    p.layout.flipRange = pair
                }
                .doc(
                    meaning: "ratio band over which the front card flips down and fades",
                    allowed: "[f0, f1] with 0 ≤ f0 < f1 ≤ 1000"),
            ]
        ),
        (
            "card",
            [
                number("width", .openClosed(0, 100_000), \.card.width)
                    .doc(meaning: "card width in points (CardsAnimationDemo's own)"),
                number("height", .openClosed(0, 100_000), \.card.height)
                    .doc(meaning: "card height in points (CardsAnimationDemo's own)"),
                Key(name: "anchor", bounds: .numbers(.closed(0, 1)), value: { json($0.card.anchor) }) {
                    node, p, key throws(ParamsError) in
                    p.card.anchor = try numbers(node, key, count: 2, each: .closed(0, 1))
                }
                .doc(
                    meaning:
                        "pivot in unit card coordinates: [0.5, 1.0] for `stack` and `flip`, [0.5, 0.5] for the others",
                    allowed: "[x, y], each in [0, 1]"),
                Key(name: "titles", value: { json($0.card.titles) }) { node, p, key throws(ParamsError) in
                    guard case .array(let items) = node.value else {
                        throw ParamsError(
                            .wrongType, "\(key) must be an array of strings, got \(node.kindName)", key: key,
                            at: node.position)
                    }
                    p.card.titles = try items.enumerated().map { (i, item) throws(ParamsError) in
                        guard case .string(let s) = item.value else {
                            throw ParamsError(
                                .wrongType, "\(key)[\(i)] must be a string, got \(item.kindName) (\(item.display))",
                                key: key, at: item.position ?? node.position)
                        }
                        // As for `insert`: bounded in characters and in bytes, so the titles of a
                        // frame (at most 1024 cards) take at most 264 kB and the frame stays under 1 MiB.
                        if let problem = Deck.titleProblem(s) {
                            throw ParamsError(
                                .outOfRange, "\(key)[\(i)] \(problem)", key: key, at: item.position ?? node.position)
                        }
                        return s
                    }
                }
                .doc(
                    meaning: "item k shows `titles[k % n]`, or its number k+1",
                    allowed: "strings of at most 200 characters and 256 bytes (escapes counted as sent)"),
            ] + lookKeys
        ),
        (
            "viewport",
            [
                number("width", .openClosed(0, 100_000), \.viewport.width)
                    .doc(meaning: "width of the layout area in points"),
                number("height", .openClosed(0, 100_000), \.viewport.height)
                    .doc(meaning: "height of the layout area in points"),
            ]
        ),
        (
            "animation",
            [
                integer("fps", 1...240, \.animation.fps)
                    .doc(meaning: "frame rate while animating"),
                number("deceleration", .open(0, 1), \.animation.deceleration)
                    .doc(meaning: "fling velocity kept per millisecond (UIScrollView's \"normal\")"),
                boolean("snap", \.animation.snap)
                    .doc(meaning: "come to rest on a multiple of `spacing`"),
            ] + animationMotionKeys + [reduceMotionKey]
        ),
        ("carousel", carouselKeys),
        ("scroll", scrollKeys),
        ("reduced", reducedKeys),
    ]

    /// An allowed interval for a number, printed the way docs/parameters.md writes it.
    enum Interval: Sendable {
        case open(Double, Double)
        case openClosed(Double, Double)
        case closed(Double, Double)

        func contains(_ x: Double) -> Bool {
            switch self {
            case .open(let a, let b): a < x && x < b
            case .openClosed(let a, let b): a < x && x <= b
            case .closed(let a, let b): a <= x && x <= b
            }
        }

        var text: String {
            switch self {
            case .open(let a, let b): "in (\(format(a)), \(format(b)))"
            case .openClosed(let a, let b): "in (\(format(a)), \(format(b))]"
            case .closed(let a, let b): "in [\(format(a)), \(format(b))]"
            }
        }

        /// The shortest sentence for the bound that was broken: `> 0` when the value is
        /// below an open lower bound, else the whole interval.
        func requirement(for x: Double) -> String {
            switch self {
            case .openClosed(let a, _) where x <= a, .open(let a, _) where x <= a: "> \(format(a))"
            case .closed(let a, _) where x < a: ">= \(format(a))"
            default: text
            }
        }
    }
}
