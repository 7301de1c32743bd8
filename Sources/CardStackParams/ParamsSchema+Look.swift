import CardLayout
import CardStackProtocol

/// `[card]`'s look (docs/parameters.md, "The look"): images, colours, corners, border,
/// shadow and back face. Every key is optional; one left out keeps today's picture.
extension ParamsSchema {
    /// At most this many image patterns or colours: item k takes entry k % n, so more
    /// than the deck's 1024 drawn cards would never show.
    static let maximumLookEntries = 1024

    static let lookKeys: [Key] = [
        Key(name: "images", value: { $0.card.images.map(json) }) { node, p, key throws(ParamsError) in
            p.card.images = try strings(node, key, what: "image file or glob") { s in
                if s.isEmpty { return "is empty" }
                if s.utf8.count > 4096 { return "is longer than 4096 bytes" }
                if s.utf8.contains(0) { return "contains a NUL byte" }
                return nil
            }
        }
        .doc(
            meaning:
                "PNG or JPEG files, or globs, relative to the parameter file; item k shows image k % n (sorted matches of each glob, in order)",
            allowed: "a string or 1 to 1024 strings"),
        Key(name: "colors", value: { $0.card.colors.map(json) }) { node, p, key throws(ParamsError) in
            p.card.colors = try strings(node, key, what: "colour") { colorProblem($0) }
        }
        .doc(
            meaning: "background colours: item k gets `colors[k % n]`; unset, each card its own hue",
            allowed: "a string or 1 to 1024 strings \"#rrggbb\" or \"#rrggbbaa\""),
        optionalNumber("corner_radius", .closed(0, 100_000), \.card.cornerRadius)
            .doc(meaning: "CALayer's cornerRadius, in points; unset, each client's own"),
        optionalNumber("border_width", .closed(0, 100_000), \.card.borderWidth)
            .doc(meaning: "CALayer's borderWidth, in points"),
        optionalNumber("border_ratio", .closed(0, 0.5), \.card.borderWidthRatio)
            .doc(
                meaning:
                    "the border as a fraction of the card's width (seedante's width / 100 is 0.01); wins over border_width"
            ),
        color("border_color", \.card.borderColor)
            .doc(meaning: "CALayer's borderColor", allowed: "\"#rrggbb\" or \"#rrggbbaa\""),
        optionalNumber("shadow_opacity", .closed(0, 1), \.card.shadowOpacity)
            .doc(meaning: "CALayer's shadowOpacity; unset or 0, no shadow"),
        optionalNumber("shadow_radius", .closed(0, 1000), \.card.shadowRadius)
            .doc(meaning: "CALayer's shadowRadius, in points (3 when unset)"),
        Key(
            name: "shadow_offset", bounds: .numbers(.closed(-100_000, 100_000)),
            value: { $0.card.shadowOffset.map(json) }
        ) { node, p, key throws(ParamsError) in
            p.card.shadowOffset = try numbers(node, key, count: 2, each: .closed(-100_000, 100_000))
        }
        .doc(
            meaning: "CALayer's shadowOffset in points, y down as in UIKit ([0, −3] when unset)",
            allowed: "[x, y], each in [−100000, 100000]"),
        color("shadow_color", \.card.shadowColor)
            .doc(meaning: "CALayer's shadowColor (black when unset)", allowed: "\"#rrggbb\" or \"#rrggbbaa\""),
        Key(
            name: "back", bounds: .choices(CardBack.allCases.map(\.rawValue)),
            value: { $0.card.back.map { .string($0.rawValue) } }
        ) { node, p, key throws(ParamsError) in
            let names = CardBack.allCases.map(\.rawValue)
            guard case .string(let name) = node.value, let back = CardBack(rawValue: name) else {
                throw ParamsError(
                    { if case .string = node.value { .outOfRange } else { .wrongType } }(),
                    "\(key) must be one of \(names.joined(separator: ", ")), got \(node.display)", key: key,
                    at: node.position)
            }
            p.card.back = back
        }
        .doc(
            meaning:
                "what a card turned past 90° shows: `color` fills it with back_color, `none` hides it (isDoubleSided = false), `mirror` shows the front mirrored; unset, the card's back in its own colour, no title (docs/render.md, \"Back faces\")"
        ),
        color("back_color", \.card.backColor)
            .doc(
                meaning: "the back's colour when back = \"color\" (the card's colour when unset)",
                allowed: "\"#rrggbb\" or \"#rrggbbaa\""),
    ]

    /// Why `s` is not a colour of the look, or nil when it is one.
    static func colorProblem(_ s: String) -> String? {
        CardColor(hex: s) == nil ? "must be a colour \"#rrggbb\" or \"#rrggbbaa\", got \"\(s)\"" : nil
    }

    /// A colour, written to an optional string (lower case).
    static func color(_ name: String, _ path: any WritableKeyPath<Parameters, String?> & Sendable) -> Key {
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { read(&$0).map(JSONValue.string) }
        return Key(name: name, value: value) { node, p, key throws(ParamsError) in
            guard case .string(let s) = node.value else {
                throw ParamsError(
                    .wrongType,
                    "\(key) must be a colour \"#rrggbb\" or \"#rrggbbaa\", got \(node.kindName) (\(node.display))",
                    key: key, at: node.position)
            }
            if let problem = colorProblem(s) {
                throw ParamsError(.outOfRange, "\(key) \(problem)", key: key, at: node.position)
            }
            p[keyPath: path] = s.lowercased()
        }
    }

    /// One string or an array of 1...1024 strings, each checked by `problem`.
    static func strings(
        _ node: ParamNode, _ key: String, what: String, _ problem: (String) -> String?
    ) throws(ParamsError) -> [String] {
        let items: [ParamNode]
        var single = false
        switch node.value {
        case .string: (items, single) = ([node], true)
        case .array(let list): items = list
        default:
            throw ParamsError(
                .wrongType, "\(key) must be a string or an array of strings (\(what)s), got \(node.kindName)",
                key: key, at: node.position)
        }
        guard (1...maximumLookEntries).contains(items.count) else {
            throw ParamsError(
                .outOfRange, "\(key) must hold 1 to \(maximumLookEntries) \(what)s, got \(items.count)", key: key,
                at: node.position)
        }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            let name = single ? key : "\(key)[\(i)]"
            guard case .string(let s) = item.value else {
                throw ParamsError(
                    .wrongType, "\(name) must be a string, got \(item.kindName) (\(item.display))", key: key,
                    at: item.position ?? node.position)
            }
            if let why = problem(s) {
                throw ParamsError(.outOfRange, "\(name) \(why)", key: key, at: item.position ?? node.position)
            }
            out.append(what == "colour" ? s.lowercased() : s)
        }
        return out
    }
}
