import CardLayout

/// `[animation]`'s motion keys: durations, the curve, the spring and the slowdown
/// (README, "How cards move").
extension ParamsSchema {
    /// The longest duration any key allows, seconds.
    static let longestDuration = Motion.longestDuration

    static let animationMotionKeys: [Key] = [
        number("duration", .openClosed(0, longestDuration), \.animation.duration),
        number("remove_duration", .openClosed(0, longestDuration), \.animation.removeDuration),
        number("insert_duration", .openClosed(0, longestDuration), \.animation.insertDuration),
        number("move_duration", .openClosed(0, longestDuration), \.animation.moveDuration),
        number("slowdown", .closed(1, 100), \.animation.slowdown),
        Key(name: "curve") { node, p, key throws(ParamsError) in p.animation.curve = try curve(node, key) },
        Key(name: "spring") { node, p, key throws(ParamsError) in p.animation.spring = try spring(node, key) },
    ]

    /// SwiftUI's `.spring()`: what a spring table leaves out.
    static let defaultSpring = Spring(dampingRatio: 0.825, response: 0.55)

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

    /// `{ damping_ratio = ζ, response = seconds }`, or `null` (set_params) for no spring.
    static func spring(_ node: ParamNode, _ key: String) throws(ParamsError) -> Spring? {
        if case .null = node.value { return nil }
        guard let entries = node.entries else {
            throw ParamsError(
                .wrongType,
                "\(key) must be a table, e.g. { damping_ratio = 0.7, response = 0.35 }, got \(node.kindName) (\(node.display))",
                key: key, at: node.position)
        }
        var spring = defaultSpring
        for (name, value) in entries {
            let dotted = "\(key).\(name)"
            switch name {
            case "damping_ratio": spring.dampingRatio = try checkedNumber(value, dotted, .closed(0.01, 10))
            case "response": spring.response = try checkedNumber(value, dotted, .closed(0.01, 10))
            default:
                let names = ["damping_ratio", "response"]
                let near = suggestion(for: name, among: names) ?? names.first { !name.isEmpty && $0.hasPrefix(name) }
                let hint = near.map { " (did you mean \($0)?)" } ?? ""
                throw ParamsError(
                    .unknownKey, "unknown key \(dotted)\(hint); a spring has damping_ratio and response", key: dotted,
                    at: value.keyPosition ?? value.position)
            }
        }
        return spring
    }
}
