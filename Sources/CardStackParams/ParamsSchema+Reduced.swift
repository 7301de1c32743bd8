import CardLayout

/// Reduce Motion in the file (docs/parameters.md, "Reduce Motion"): the switch
/// `animation.reduce_motion` and the `[reduced]` table of overrides, whose tables
/// `[reduced.animation]`, `[reduced.layout]` and `[reduced.carousel]` take the file's own key
/// names, ranges and messages, each key written to ``Parameters/Reduced``.
extension ParamsSchema {
    /// `animation.reduce_motion`: play the reduced variant.
    static let reduceMotionKey = boolean("reduce_motion", \.animation.reduceMotion)
        .doc(
            meaning:
                "play the reduced variant ([reduced]), as an app does when UIAccessibility.isReduceMotionEnabled is true"
        )

    /// The `[reduced]` table itself: the three override tables and the cross-fade, in
    /// ``Parameters/Reduced``'s `Codable` order (the wire writes them in this order).
    static let reducedKeys: [Key] = [
        subtable("animation"), subtable("layout"), subtable("carousel"),
        number("crossfade", .closed(0, Parameters.Reduced.longestCrossfade), \.reduced.crossfade)
            .doc(
                meaning:
                    "seconds of the dissolve that Reduce Motion plays in place of a step's move (iOS's cross-dissolve); 0: the step moves"
            ),
    ]

    /// The keys of each override table, after the table of the file they override, each in
    /// its table's `Codable` order.
    static let reducedTables: [(table: String, keys: [Key])] = [
        (
            "reduced.animation",
            [
                reduced(fileKey("animation", "fps"), of: "animation") {
                    $1.reduced.animation.fps = $0.animation.fps
                },
                reduced(fileKey("animation", "deceleration"), of: "animation") {
                    $1.reduced.animation.deceleration = $0.animation.deceleration
                },
                reduced(fileKey("animation", "snap"), of: "animation", bounds: .boolean) {
                    $1.reduced.animation.snap = $0.animation.snap
                },
            ] + animationMotionKeys.map { key in reduced(key, of: "animation") { copyAnimation(key.name, $0, &$1) } }
        ),
        (
            "reduced.layout",
            [
                reduced(fileKey("layout", "m34"), of: "layout") {
                    $1.reduced.layout.m34 = $0.layout.m34
                },
                reduced(fileKey("layout", "scale_step"), of: "layout") {
                    $1.reduced.layout.scaleStep = $0.layout.scaleStep
                },
                Key(
                    name: "flip_range", bounds: .numbers(.closed(0, 1000)), styles: [.stack, .flip],
                    value: reducedValue("layout.flip_range")
                ) { node, p, key throws(ParamsError) in
                    let pair = try numbers(node, key, count: 2, each: .closed(0, 1000))
                    guard pair[0] <= pair[1] else {
                        throw ParamsError(
                            .outOfRange,
                            "\(key) must be [f0, f1] with 0 <= f0 <= f1 (f0 = f1: the front card leaves at once), got \(node.display)",
                            key: key, at: node.position)
                    }
                    p.reduced.layout.flipRange = pair
                }
                .doc(
                    meaning: reducedMeaning("layout.flip_range", fileKey("layout", "flip_range").documentation.meaning),
                    allowed: "[f0, f1] with 0 ≤ f0 ≤ f1 ≤ 1000"),
            ]
        ),
        (
            "reduced.carousel",
            carouselKeys.map { key in reduced(key, of: "carousel") { copyCarousel(key.name, $0, &$1) } }
        ),
    ]

    /// `[layout]`'s keys that `[reduced.layout]` does not take, and why.
    static let deckKeys = ["style", "cards", "wrap", "spacing"]

    /// `base` (a key of `table`) reading its value into a scratch copy of the parameters, and
    /// `copy` moving it into `[reduced]`: the same ranges and messages as the file's key, under
    /// the reduced name; its value read from `[reduced]` (``reducedValue(_:)``), and its
    /// documentation the file key's, said to stand in for it.
    static func reduced(
        _ base: Key, of table: String, bounds: Bounds? = nil,
        _ copy: @escaping @Sendable (Parameters, inout Parameters) -> Void
    ) -> Key {
        let overridden = "\(table).\(base.name)"
        var key = base
        key.bounds = base.bounds ?? bounds
        key.apply = { node, p, dotted throws(ParamsError) in
            var scratch = p
            try base.apply(node, &scratch, dotted)
            copy(scratch, &p)
        }
        key.value = reducedValue(overridden)
        key.documentation.meaning = reducedMeaning(overridden, base.documentation.meaning)
        return key
    }

    /// The file's key `name` of `table` (`animation.fps`), as the schema has it.
    static func fileKey(_ table: String, _ name: String) -> Key {
        guard let key = schema.first(where: { $0.table == table })?.keys.first(where: { $0.name == name }) else {
            preconditionFailure("the schema has no \(table).\(name) for [reduced.\(table)] to override")
        }
        return key
    }

    /// What a key of an override table means: the meaning of the file's key `overridden`,
    /// with Reduce Motion on.
    static func reducedMeaning(_ overridden: String, _ meaning: String) -> String {
        "with Reduce Motion on, in place of `\(overridden)`: \(meaning)"
    }

    /// The key `[reduced]` reads the override table `name` with (`reduced.animation`, …).
    static func subtable(_ name: String) -> Key {
        var key = Key(name: name) { node, p, key throws(ParamsError) in
            guard let entries = node.entries else {
                throw ParamsError(
                    .wrongType, "\(key) must be a table ([\(key)]), got \(node.kindName) (\(node.display))", key: key,
                    at: node.position)
            }
            let keys = reducedTables.first { $0.table == key }?.keys ?? []
            var errors: [ParamsError] = []
            for (name, value) in entries {
                let dotted = "\(key).\(name)"
                guard let spec = keys.first(where: { $0.name == name }) else {
                    errors.append(unknownReduced(name, in: key, keys: keys, at: value.keyPosition ?? value.position))
                    continue
                }
                do throws(ParamsError) {
                    try spec.apply(value, &p, dotted)
                } catch {
                    errors.append(error)
                }
            }
            if let first = errors.min(by: { ($0.position ?? .max) < ($1.position ?? .max) }) { throw first }
        }
        key.isTable = true
        return key
    }

    /// The error for a key an override table does not take, saying why when it is a key of
    /// the file that Reduce Motion leaves alone.
    static func unknownReduced(_ name: String, in table: String, keys: [Key], at position: SourcePosition?)
        -> ParamsError
    {
        let dotted = "\(table).\(name)"
        if table == "reduced.layout", deckKeys.contains(name) {
            return ParamsError(
                .unknownKey,
                "\(dotted) cannot be reduced: [reduced.layout] takes the pose keys scale_step, m34 and flip_range; "
                    + "the deck (style, cards, wrap, spacing) stays layout's; take the key out of [reduced.layout]",
                key: dotted, at: position)
        }
        if table == "reduced.animation", name == "reduce_motion" {
            return ParamsError(
                .unknownKey,
                "\(dotted) is the switch itself: set animation.reduce_motion, and keep [reduced.animation] for the motion it plays",
                key: dotted, at: position)
        }
        let hint = suggestion(for: name, among: keys.map(\.name))
        return ParamsError(
            .unknownKey,
            "unknown key \(dotted)" + (hint.map { " (did you mean \($0)?)" } ?? "")
                + "; [\(table)] takes \(keys.map(\.name).joined(separator: ", "))",
            key: dotted, at: position)
    }

    static func copyAnimation(_ name: String, _ s: Parameters, _ p: inout Parameters) {
        let a = s.animation
        switch name {
        case "duration": p.reduced.animation.duration = a.duration
        case "remove_duration": p.reduced.animation.removeDuration = a.removeDuration
        case "insert_duration": p.reduced.animation.insertDuration = a.insertDuration
        case "move_duration": p.reduced.animation.moveDuration = a.moveDuration
        case "slowdown": p.reduced.animation.slowdown = a.slowdown
        case "curve": p.reduced.animation.curve = a.curve
        case "spring": p.reduced.animation.spring = a.spring
        default: break
        }
    }

    static func copyCarousel(_ name: String, _ s: Parameters, _ p: inout Parameters) {
        let c = s.carousel
        switch name {
        case "item_spacing": p.reduced.carousel.itemSpacing = c.itemSpacing
        case "arc": p.reduced.carousel.arc = c.arc
        case "radius": p.reduced.carousel.radius = c.radius
        case "angle": p.reduced.carousel.angle = c.angle
        case "tilt": p.reduced.carousel.tilt = c.tilt
        case "count": p.reduced.carousel.count = c.count
        case "visible_items": p.reduced.carousel.visibleItems = c.visibleItems
        case "fade_min": p.reduced.carousel.fadeMin = c.fadeMin
        case "fade_max": p.reduced.carousel.fadeMax = c.fadeMax
        case "fade_range": p.reduced.carousel.fadeRange = c.fadeRange
        case "fade_min_alpha": p.reduced.carousel.fadeMinAlpha = c.fadeMinAlpha
        case "show_backfaces": p.reduced.carousel.showBackfaces = c.showBackfaces
        case "vertical": p.reduced.carousel.vertical = c.vertical
        case "viewpoint": p.reduced.carousel.viewpoint = c.viewpoint
        default: break
        }
    }
}

extension ParamsSchema {
    /// The file's key an override table's key stands in for: `animation.duration` for
    /// `reduced.animation.duration`; nil for any other key.
    static func overriddenKey(_ key: String) -> String? {
        let parts = key.split(separator: ".")
        guard parts.count == 3, parts[0] == "reduced" else { return nil }
        return "\(parts[1]).\(parts[2])"
    }

    /// What a reduced key left out takes when that is not the file's own value (the
    /// reference's default column; ``Parameters/reducedVariant()``).
    static let reducedDefaults: [String: String] = [
        "reduced.layout.m34": "`0` (no perspective)",
        "reduced.layout.flip_range": "`[f0, f0]` of layout's (no flip)",
        "reduced.carousel.tilt": "`0` (flat)",
        "reduced.animation.spring": "the file's, bounce 0",
        "reduced.animation.curve": "the file's, y held in [0, 1]",
    ]
}
