import CardLayout
import CardStackProtocol

/// `[animation]`'s motion keys: durations, the curve, the spring and the slowdown
/// (docs/parameters.md).
extension ParamsSchema {
    /// The longest duration any key allows, seconds.
    static let longestDuration = Motion.longestDuration

    static let animationMotionKeys: [Key] = [
        number("duration", .openClosed(0, longestDuration), \.animation.duration)
            .doc(meaning: "seconds that `next`, `prev`, `snap`, an animated `scroll_to` and the circle reveal take"),
        number("remove_duration", .openClosed(0, longestDuration), \.animation.removeDuration)
            .doc(meaning: "seconds a removal from the deck animates"),
        number("insert_duration", .openClosed(0, longestDuration), \.animation.insertDuration)
            .doc(meaning: "seconds an insertion into the deck animates"),
        number("move_duration", .openClosed(0, longestDuration), \.animation.moveDuration)
            .doc(meaning: "seconds a move within the deck animates"),
        Key(name: "curve", value: { json($0.animation.curve) }) { node, p, key throws(ParamsError) in
            p.animation.curve = try curve(node, key)
        }
        .doc(
            meaning:
                "how progress follows time: the fling's exponential slowing onto the card and landing at rest in `duration`, Core Animation's named curves, or any cubic Bézier",
            allowed:
                "\"decelerate\", \"linear\", \"ease_in\", \"ease_out\", \"ease_in_out\", or [x1, y1, x2, y2] with x1, x2 in [0, 1] and y1, y2 in [−100, 100]"
        ),
        Key(name: "spring", value: { $0.animation.spring.map(json) }) { node, p, key throws(ParamsError) in
            p.animation.spring = try spring(node, key)
        }
        .doc(
            meaning:
                "replaces `curve` and `duration` for steps, snapping flings and the reveal: ω = 2π/response; below damping ratio 1 (bounce above 0) it overshoots; `save` writes it in the dialect it was given",
            allowed:
                "\"smooth\", \"snappy\", \"bouncy\" (SwiftUI's, 0.5 s with bounce 0, 0.15, 0.3); { duration = [0.01, 10] s, bounce = [−0.9, 0.99] } (iOS 17; left out: 0.5, 0); { damping_ratio = [0.01, 10], response = [0.01, 10] s } (left out: SwiftUI's .spring() 0.825, 0.5); { mass = (0, 1000000], stiffness, damping } (mass left out: 1)"
        ),
        number("slowdown", .closed(1, 100), \.animation.slowdown)
            .doc(meaning: "every animation (flings, steps, deck edits, the reveal) runs that many times slower"),
    ]

    /// A curve as the wire writes it: its name, or its four control points.
    static func json(_ curve: TimingCurve) -> JSONValue {
        curve.name.map(JSONValue.string) ?? json(curve.controlPoints ?? [])
    }

    /// A spring as the wire writes it: every reading of it, and the dialect it was given in.
    static func json(_ s: Spring) -> JSONValue {
        .object([
            ("damping_ratio", json(s.dampingRatio)), ("response", json(s.response)),
            ("dialect", .string(s.written.dialect)), ("duration", json(s.duration)), ("bounce", json(s.bounce)),
            ("mass", json(s.mass)), ("stiffness", json(s.stiffness)), ("damping", json(s.damping)),
        ])
    }

    /// SwiftUI's `.spring()` (`spring(response: 0.5, dampingFraction: 0.825)`): what a
    /// `{ damping_ratio, response }` table leaves out.
    static let defaultSpring = Spring(dampingRatio: 0.825, response: 0.5)

    /// A curve's name or its Bézier control points `[x1, y1, x2, y2]`.
    static func curve(_ node: ParamNode, _ key: String) throws(ParamsError) -> TimingCurve {
        let allowed =
            "one of \(TimingCurve.names.map { "\"\($0)\"" }.joined(separator: ", ")) or [x1, y1, x2, y2] with x1, x2 in [0, 1]"
        switch node.value {
        case .string(let name):
            guard let curve = TimingCurve(name: name) else {
                let hint = suggestion(for: name, among: TimingCurve.names).map { " (did you mean \($0)?)" } ?? ""
                throw ParamsError(
                    .outOfRange, "\(key) must be \(allowed), got \"\(name)\"\(hint)", key: key, at: node.position)
            }
            return curve
        case .array(let items):
            guard items.count == 4 else {
                throw ParamsError(
                    .wrongType, "\(key) must be \(allowed); got an array of \(items.count) (\(node.display))", key: key,
                    at: node.position)
            }
            var p: [Double] = []
            for (i, item) in items.enumerated() {
                let x = try double(item, "\(key)[\(i)]")
                let interval: Interval = i % 2 == 0 ? .closed(0, 1) : .closed(-100, 100)
                guard interval.contains(x) else {
                    let what = i % 2 == 0 ? "an x coordinate" : "a y coordinate"
                    throw ParamsError(
                        .outOfRange, "\(key)[\(i)] is \(what) and must be \(interval.text), got \(item.display)",
                        key: key,
                        at: item.position ?? node.position)
                }
                p.append(x)
            }
            return .bezier(p[0], p[1], p[2], p[3])
        default:
            throw ParamsError(
                .wrongType, "\(key) must be \(allowed), got \(node.kindName) (\(node.display))", key: key,
                at: node.position)
        }
    }

    /// The spring in any of its dialects (docs/parameters.md, "Springs in every dialect"), or
    /// `null` (set_params) for no spring: a name, `{ damping_ratio, response }`,
    /// `{ duration, bounce }` or `{ mass, stiffness, damping }`.
    static func spring(_ node: ParamNode, _ key: String) throws(ParamsError) -> Spring? {
        let names = Spring.named.map(\.name)
        let example =
            "\"smooth\", \"snappy\", \"bouncy\", { duration = 0.5, bounce = 0.2 }, { damping_ratio = 0.7, response = 0.35 } or { mass = 1, stiffness = 100, damping = 10 }"
        switch node.value {
        case .null: return nil
        case .string(let name):
            guard let spring = Spring(named: name) else {
                let hint = suggestion(for: name, among: names).map { " (did you mean \($0)?)" } ?? ""
                throw ParamsError(
                    .outOfRange, "\(key) must be \(example), got \"\(name)\"\(hint)", key: key, at: node.position)
            }
            return spring
        default: break
        }
        guard let entries = node.entries else {
            throw ParamsError(
                .wrongType, "\(key) must be \(example), got \(node.kindName) (\(node.display))", key: key,
                at: node.position)
        }
        let dialects = springDialects
        let given = entries.map(\.key)
        let dialect = dialects.first { d in given.contains { d.keys.contains($0) } } ?? dialects[0]
        var values: [String: Double] = [:]
        for (name, value) in entries {
            let dotted = "\(key).\(name)"
            guard let interval = dialect.bounds[name] else {
                let all = dialects.flatMap(\.keys)
                let other = dialects.first { $0.keys.contains(name) }
                let because =
                    other.map {
                        "; a spring is written one way: \(dialect.keys.joined(separator: ", ")) or \($0.keys.joined(separator: ", ")), not both"
                    }
                    ?? "; a spring has \(dialects.map { $0.keys.joined(separator: ", ") }.joined(separator: "; or "))"
                let near = other == nil ? suggestion(for: name, among: all) : nil
                let hint = near.map { " (did you mean \($0)?)" } ?? ""
                throw ParamsError(
                    .unknownKey, "unknown key \(dotted)\(hint)\(because)", key: dotted,
                    at: value.keyPosition ?? value.position)
            }
            values[name] = try checkedNumber(value, dotted, interval)
        }
        let spring: Spring
        switch dialect.keys[0] {
        case "duration":
            spring = Spring(duration: values["duration"] ?? 0.5, bounce: values["bounce"] ?? 0)
        case "mass":
            guard let stiffness = values["stiffness"], let damping = values["damping"] else {
                throw ParamsError(
                    .wrongType, "\(key) needs stiffness and damping (mass is 1 when left out), got \(node.display)",
                    key: key, at: node.position)
            }
            spring = Spring(mass: values["mass"] ?? 1, stiffness: stiffness, damping: damping)
            for (what, x) in [
                ("response 2π√(mass/stiffness)", spring.response),
                ("damping ratio damping/(2√(stiffness·mass))", spring.dampingRatio),
            ]
            where !springRange.contains(x) {
                throw ParamsError(
                    .outOfRange, "\(key) gives a \(what) of \(x); it must be \(springRange.text), got \(node.display)",
                    key: key, at: node.position)
            }
        default:
            spring = Spring(
                dampingRatio: values["damping_ratio"] ?? defaultSpring.dampingRatio,
                response: values["response"] ?? defaultSpring.response)
        }
        return spring
    }

    /// What the motion allows for ζ and the response.
    static let springRange = Interval.closed(0.01, 10)

    /// Each dialect's keys and their ranges, the first key naming it.
    static let springDialects: [(keys: [String], bounds: [String: Interval])] = [
        (["damping_ratio", "response"], ["damping_ratio": springRange, "response": springRange]),
        // ζ = 1 − bounce ≥ 0.01 and ζ = 1/(1 + bounce) ≤ 10.
        (["duration", "bounce"], ["duration": springRange, "bounce": .closed(-0.9, 0.99)]),
        (
            ["mass", "stiffness", "damping"],
            ["mass": .openClosed(0, 1e6), "stiffness": .openClosed(0, 1e9), "damping": .closed(0, 1e9)]
        ),
    ]
}

extension ParamsSchema {
    /// `update` laid over `base` as `set_params` lays it (``ParamNode/merging(_:)``: tables key
    /// by key), except that a spring table in another dialect than the one in `base` replaces
    /// that spring whole: `{ duration, bounce }` over `{ damping_ratio, response }` is a new
    /// spring, not a mix of the two; `{ response }` over `{ damping_ratio, response }` still
    /// changes only the response.
    public static func merging(_ base: ParamNode, _ update: ParamNode) -> ParamNode {
        let merged = base.merging(update)
        guard let new = springNode(in: update), let old = springNode(in: base),
            let newDialect = springDialect(of: new), let oldDialect = springDialect(of: old), newDialect != oldDialect,
            var tables = merged.entries, let a = tables.firstIndex(where: { $0.key == "animation" }),
            var keys = tables[a].node.entries, let s = keys.firstIndex(where: { $0.key == "spring" })
        else { return merged }
        keys[s].node = new
        let animation = tables[a].node
        tables[a].node = ParamNode(.table(keys), position: animation.position, keyPosition: animation.keyPosition)
        return ParamNode(.table(tables), position: merged.position, keyPosition: merged.keyPosition)
    }

    static func springNode(in tree: ParamNode) -> ParamNode? {
        tree.entries?.first { $0.key == "animation" }?.node.entries?.first { $0.key == "spring" }?.node
    }

    /// The first key of the dialect a spring table is written in; nil for an empty table or
    /// anything but a table.
    static func springDialect(of node: ParamNode) -> String? {
        guard let keys = node.entries?.map(\.key) else { return nil }
        return springDialects.first { d in keys.contains { d.keys.contains($0) } }?.keys[0]
    }
}
