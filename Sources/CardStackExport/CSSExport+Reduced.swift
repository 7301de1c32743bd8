import CardLayout
import CardStackProtocol

extension CSSExport {
    /// Reduce Motion in the stylesheet: the reduced variant (`Parameters.reducedVariant()`) as
    /// elements of its own, marked `data-reduced`, shown only under
    /// `@media (prefers-reduced-motion: reduce)`, where the full variant's elements are hidden
    /// (docs/exporting.md, "Reduce Motion").
    ///
    /// Without `animate`, the frame at `offset` in the reduced pose. With it, the reduced
    /// transition: a step with a cross-fade (`reduced.crossfade` > 0) is the cards at rest
    /// before fading out (`data-fade="out"`) behind the cards at rest after fading in
    /// (`data-fade="in"`), eased in and out over the cross-fade, as the daemon dissolves;
    /// a fling, or a step without a cross-fade, moves along the reduced motion as the full
    /// transition moves along its own.
    static func reducedMotion(_ parameters: Parameters, offset: Double, animate: ExportAnimation?) -> String {
        var r = parameters.reducedVariant()
        r.animation.reduceMotion = false
        let crossfade = parameters.reduced.crossfade
        var what: String
        var markup: [String] = []
        var rules: [String] = []
        let transition = animate.map { ExportTransition(r, from: offset, animate: $0) }
        if let transition, transition.duration > 0, crossfade > 0, !transition.isFling {
            what = "`\(transition.animate.text)` as a \(unitless(crossfade)) s cross-fade, in place"
            (markup, rules) = crossfadeRules(r, from: transition.from, to: transition.to, crossfade)
        } else if let transition, let parts = animationParts(transition, reduced: true) {
            what = "`\(transition.animate.text)`, \(unitless(transition.duration)) s, timing: \(parts.timing)"
            (markup, rules) = (parts.markup, parts.rules)
        } else {
            let frame = Layout.frame(r, offset: offset)
            what = "the frame at offset \(presentational(frame.offset)) (no move)"
            for (order, card) in frame.cards.enumerated() {
                markup.append(element(card, fade: nil))
                rules.append(rule(card, fade: nil, z: order + 1, extra: []))
            }
        }
        return """


            /* Reduce Motion: under `prefers-reduced-motion: reduce` the elements marked `data-reduced`
               play the reduced variant, \(what); the others are hidden then, and these are hidden
               otherwise. Markup to add to the same .cardstack:

            \(markup.joined(separator: "\n").replacingStars)
            */

            .cardstack > .card[data-reduced] {
              display: none;
            }

            @media (prefers-reduced-motion: reduce) {
            .cardstack > .card:not([data-reduced]) {
              display: none;
            }

            .cardstack > .card[data-reduced] {
              display: block;
            }

            \(rules.joined(separator: "\n\n"))
            }

            """
    }

    /// The cross-fade's elements and rules, as `Crossfade.cards` draws it: the cards at rest at
    /// `from` that the frame at `to` does not place the same fade out, behind the cards at `to`
    /// fading in (those placed the same stay as they are).
    static func crossfadeRules(_ r: Parameters, from: Double, to: Double, _ seconds: Double) -> ([String], [String]) {
        let before = Layout.frame(r, offset: from).cards
        let after = Layout.frame(r, offset: to).cards
        // At progress 0 `Crossfade` draws the cards fading out, then those that stay.
        let start = Crossfade.cards(from: before, to: after, progress: 0)
        let stays = after.map { start.contains($0) }
        let leaving = start.prefix(start.count - stays.filter { $0 }.count)
        var markup: [String] = []
        var rules: [String] = []
        var z = 0
        for card in leaving {
            z += 1
            markup.append(element(card, fade: "out"))
            rules.append(contentsOf: fading(card, fade: "out", z: z, from: card.alpha, to: 0, seconds))
        }
        for (card, stays) in zip(after, stays) {
            z += 1
            markup.append(element(card, fade: "in"))
            rules.append(
                contentsOf: fading(card, fade: "in", z: z, from: stays ? card.alpha : 0, to: card.alpha, seconds))
        }
        return (markup, rules)
    }

    /// A card's element in the header's markup.
    static func element(_ card: CardPlacement, fade: String?) -> String {
        "  <div class=\"card\" data-reduced data-item=\"\(card.item)\" data-index=\"\(card.index)\""
            + (fade.map { " data-fade=\"\($0)\"" } ?? "") + ">\(escape(card.title))</div>"
    }

    /// A card's rule, its opacity fading from `from` to `to` over `seconds`, eased in and out.
    static func fading(_ card: CardPlacement, fade: String, z: Int, from: Double, to: Double, _ seconds: Double)
        -> [String]
    {
        let name = "cardstack-reduced-\(fade)-\(card.item)-\(card.index < 0 ? "m\(-card.index)" : "\(card.index)")"
        return [
            // `ease-in-out` is cubic-bezier(0.42, 0, 0.58, 1): the daemon's dissolve's curve.
            rule(card, fade: fade, z: z, extra: ["animation: \(name) \(unitless(seconds))s ease-in-out both;"]),
            "@keyframes \(name) {\n  0% { opacity: \(unitless(from)); }\n  100% { opacity: \(unitless(to)); }\n}",
        ]
    }

    /// A reduced card's rule: its place, transform, opacity and draw order.
    static func rule(_ card: CardPlacement, fade: String?, z: Int, extra: [String]) -> String {
        let selector =
            ".cardstack > .card[data-reduced][data-item=\"\(card.item)\"][data-index=\"\(card.index)\"]"
            + (fade.map { "[data-fade=\"\($0)\"]" } ?? "")
        let lines = [
            "left: \(px(card.position.x - card.anchor.x * card.size.width));",
            "top: \(px(card.position.y - card.anchor.y * card.size.height));",
            "width: \(px(card.size.width));",
            "height: \(px(card.size.height));",
            "transform-origin: \(px(card.anchor.x * card.size.width)) \(px(card.anchor.y * card.size.height)) 0;",
            "transform: matrix3d(\(matrix(card.transform.entries)));",
            "opacity: \(presentational(card.alpha));",
            "z-index: \(z);",
        ]
        return "\(selector) {\n" + (lines + extra).map { "  " + $0 }.joined(separator: "\n") + "\n}"
    }
}

extension ExportTransition {
    /// Whether the transition is a fling (a fling never cross-fades: it is not a step).
    var isFling: Bool {
        if case .fling = animate { return true }
        return false
    }
}
