import CardLayout

/// `[card]`'s look (docs/parameters.md, "The look"): images, colours, corners, border,
/// shadow and back face. Every key is optional; one left out keeps today's picture.
extension ParamsSchema {
    /// At most this many image patterns or colours: item k takes entry k % n, so more
    /// than the deck's 1024 drawn cards would never show.
    static let maximumLookEntries = 1024

    static let lookKeys: [Key] = [
        Key(name: "images") { node, p, key throws(ParamsError) in
            p.card.images = try strings(node, key, what: "image file or glob") { s in
                if s.isEmpty { return "is empty" }
                if s.utf8.count > 4096 { return "is longer than 4096 bytes" }
                if s.utf8.contains(0) { return "contains a NUL byte" }
                return nil
            }
        },
        Key(name: "colors") { node, p, key throws(ParamsError) in
            p.card.colors = try strings(node, key, what: "colour") { colorProblem($0) }
        },
        optionalNumber("corner_radius", .closed(0, 100_000), \.card.cornerRadius),
        optionalNumber("border_width", .closed(0, 100_000), \.card.borderWidth),
        optionalNumber("border_ratio", .closed(0, 0.5), \.card.borderWidthRatio),
        color("border_color", \.card.borderColor),
        optionalNumber("shadow_opacity", .closed(0, 1), \.card.shadowOpacity),
        optionalNumber("shadow_radius", .closed(0, 1000), \.card.shadowRadius),
        Key(name: "shadow_offset", bounds: .numbers(.closed(-100_000, 100_000))) { node, p, key throws(ParamsError) in
            p.card.shadowOffset = try numbers(node, key, count: 2, each: .closed(-100_000, 100_000))
        },
        color("shadow_color", \.card.shadowColor),
        Key(name: "back", bounds: .choices(CardBack.allCases.map(\.rawValue))) { node, p, key throws(ParamsError) in
            let names = CardBack.allCases.map(\.rawValue)
            guard case .string(let name) = node.value, let back = CardBack(rawValue: name) else {
                throw ParamsError(
                    { if case .string = node.value { .outOfRange } else { .wrongType } }(),
                    "\(key) must be one of \(names.joined(separator: ", ")), got \(node.display)", key: key,
                    at: node.position)
            }
            p.card.back = back
        },
        color("back_color", \.card.backColor),
    ]

    /// Why `s` is not a colour of the look, or nil when it is one.
    static func colorProblem(_ s: String) -> String? {
        LookColor(hex: s) == nil ? "must be a colour \"#rrggbb\" or \"#rrggbbaa\", got \"\(s)\"" : nil
    }

    /// A colour, written to an optional string (lower case).
    static func color(_ name: String, _ path: any WritableKeyPath<Parameters, String?> & Sendable) -> Key {
        Key(name: name) { node, p, key throws(ParamsError) in
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
