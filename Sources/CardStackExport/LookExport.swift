import CardLayout
import CardStackProtocol

/// `[card]`'s look in the CSS and tokens exports (docs/exporting.md, "The look"). Nothing
/// when no key of the look is set, so those exports stay as they were.
enum LookExport {
    /// `rgba(…)` of a look colour, its alpha times `opacity`.
    static func css(_ hex: String, opacity: Double = 1) -> String {
        let c = CardColor(hex: hex) ?? CardColor(red: 0, green: 0, blue: 0)
        func byte(_ x: Double) -> Int { Int((x * 255).rounded()) }
        return "rgba(\(byte(c.red)), \(byte(c.green)), \(byte(c.blue)), \(CSSExport.presentational(c.alpha * opacity)))"
    }

    /// The rules the page draws the look with: `border-radius`, the shadow and border as
    /// `box-shadow` (CSS blur = 2 × shadowRadius), `backface-visibility`, each item's colour,
    /// and for `back = "color"` the back colour on the cards this frame shows turned away.
    static func cssRules(_ c: Parameters.Card, frame: Frame, files: [String]? = nil) -> String {
        guard c.hasLook else { return "" }
        var common: [String] = []
        if let r = c.cornerRadius { common.append("border-radius: \(CSSExport.px(r));") }
        var shadows: [String] = []
        if let opacity = c.shadowOpacity, opacity > 0 {
            let o = c.shadowOffset ?? Parameters.Card.defaultShadowOffset
            let blur = 2 * (c.shadowRadius ?? Parameters.Card.defaultShadowRadius)
            shadows.append(
                "\(CSSExport.px(o[0])) \(CSSExport.px(o[1])) \(CSSExport.px(blur)) "
                    + css(c.shadowColor ?? Parameters.Card.defaultShadowColor, opacity: opacity))
        }
        if let width = c.resolvedBorderWidth {
            shadows.append("inset 0 0 0 \(CSSExport.px(width)) \(css(c.borderColor ?? "#000000"))")
        }
        if !shadows.isEmpty { common.append("box-shadow: \(shadows.joined(separator: ", "));") }
        if c.back == CardBack.none { common.append("backface-visibility: hidden;") }
        if c.images != nil {
            common += ["background-size: cover;", "background-position: center;"]
        }
        var rules: [String] = []
        if !common.isEmpty {
            rules.append(".cardstack > .card {\n" + common.map { "  " + $0 }.joined(separator: "\n") + "\n}")
        }
        let items = Set(frame.cards.map(\.item)).sorted()
        if let colors = c.colors, !colors.isEmpty {
            for item in items {
                rules.append(
                    ".cardstack > .card[data-item=\"\(item)\"] { background-color: \(css(colors[item % colors.count])); }"
                )
            }
        }
        if c.back == .color {
            let back = c.backColor ?? c.colors?.first ?? "#000000"
            for card in frame.cards where CardPlacement.facesAway(card.quad) {
                rules.append(
                    ".cardstack > .card[data-item=\"\(card.item)\"] { background: \(css(back)); color: transparent; }"
                        + " /* turned past 90°: its back */")
            }
        }
        var head = "/* The look of [card]."
        if let images = files ?? c.images {
            head +=
                " Images: item k shows image k % n of \(images.joined(separator: ", ").replacingAll("*/", "* /"))"
                + " (relative to the parameter file); set each card's background-image to it."
        }
        return head + " */\n\n" + rules.joined(separator: "\n\n") + "\n"
    }

    /// The look as design tokens: `cardstack.card`.
    static func tokens(_ c: Parameters.Card) -> JSONValue? {
        guard c.hasLook else { return nil }
        func dimension(_ x: Double) -> JSONValue { .object([("value", .number(x)), ("unit", .string("px"))]) }
        var out: [(key: String, value: JSONValue)] = [
            ("$description", .string("The look of [card] of cardstack, in CALayer's terms."))
        ]
        if let r = c.cornerRadius {
            out.append(("corner-radius", TokensExport.token("dimension", dimension(r), "CALayer.cornerRadius.")))
        }
        if let ratio = c.borderWidthRatio {
            out.append(
                (
                    "border-ratio",
                    TokensExport.token(
                        "number", .number(ratio), "CALayer.borderWidth as a fraction of the card's width.")
                ))
        }
        if let width = c.resolvedBorderWidth {
            out.append(
                (
                    "border-width",
                    TokensExport.token("dimension", dimension(width), "CALayer.borderWidth at the card's width.")
                ))
            out.append(
                (
                    "border-color",
                    TokensExport.token("color", .string(c.borderColor ?? "#000000"), "CALayer.borderColor.")
                ))
        }
        if let opacity = c.shadowOpacity {
            let o = c.shadowOffset ?? Parameters.Card.defaultShadowOffset
            let shadow: JSONValue = .object([
                ("color", .string(c.shadowColor ?? Parameters.Card.defaultShadowColor)),
                ("offsetX", dimension(o[0])), ("offsetY", dimension(o[1])),
                ("blur", dimension(2 * (c.shadowRadius ?? Parameters.Card.defaultShadowRadius))),
                ("spread", dimension(0)),
            ])
            out.append(
                (
                    "shadow",
                    TokensExport.token(
                        "shadow", shadow,
                        "CALayer's shadow; blur is 2 × shadowRadius, the color's alpha times shadowOpacity.",
                        extensions: [("com.cardstack.shadow-opacity", .number(opacity))])
                ))
        }
        if let colors = c.colors {
            out.append(
                (
                    "colors",
                    .object(
                        [("$description", .string("Item k's background: colors[k % n]."))]
                            + colors.enumerated().map {
                                (key: "c\($0.offset)", value: TokensExport.token("color", .string($0.element), ""))
                            })
                ))
        }
        if let back = c.back {
            var extensions: [(key: String, value: JSONValue)] = [("com.cardstack.back", .string(back.rawValue))]
            if let color = c.backColor { extensions.append(("com.cardstack.back-color", .string(color))) }
            out.append(
                (
                    "double-sided",
                    TokensExport.token(
                        "number", .number(back == .none ? 0 : 1), "CALayer.isDoubleSided (1) or not (0).",
                        extensions: extensions)
                ))
        }
        return .object(out)
    }
}
