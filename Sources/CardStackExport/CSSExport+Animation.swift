import CardLayout

extension CSSExport {
    /// `--animate`: the transition as one `@keyframes` rule and one `animation` declaration per
    /// card, to follow the static pose (which stays the state before the transition starts).
    ///
    /// Every card the transition shows is an element of its own (`data-item` and `data-index`,
    /// the virtual index, since a wrapping deck can show an item twice). Its keyframes hold its
    /// place, transform, opacity and draw order at the moments ``CSSKeyframes`` keeps; while
    /// the frame does not show it, it is `visibility: hidden` where it was last (or will next be)
    /// shown. Timing: `cubic-bezier()` pieces of the tuned curve between keyframes when the move
    /// follows a Bézier; otherwise (a spring, `decelerate`, a fling) the keyframes follow the
    /// curve and the browser goes straight (`linear`) between them.
    public static func animation(_ transition: ExportTransition) -> String {
        let head = """


            /* Animation: `\(transition.animate.text)` from offset \(unitless(transition.from)) to \(unitless(Layout.normalize(transition.to, transition.parameters))), \(unitless(transition.duration)) s,
            """
        guard let (timing, markup, rules) = animationParts(transition) else {
            return head + "\n   no move: the offset is already where the transition would end. */\n"
        }
        return head + """

               timing: \(timing).
               Markup for the animation (one element per card it shows; the text is up to you):

            <div class="cardstack">
            \(markup.joined(separator: "\n").replacingStars)
            </div>
            */

            \(rules.joined(separator: "\n\n"))

            """
    }

    /// The animation's timing in words, its elements' markup and its rules (nil when nothing
    /// moves). `reduced`: the elements of the Reduce Motion variant, marked `data-reduced`,
    /// their keyframes named `cardstack-reduced-…` (CSSExport+Reduced.swift).
    static func animationParts(_ transition: ExportTransition, reduced: Bool = false)
        -> (timing: String, markup: [String], rules: [String])?
    {
        guard transition.duration > 0 else { return nil }
        let mark = reduced ? " data-reduced" : ""
        let keyframes = CSSKeyframes(transition)
        let keys = keyframes.keys
        let count = keyframes.moments.values.map(\.count).reduce(0, +)
        let timing: String
        if let p = keyframes.bezier {
            timing =
                "the curve cubic-bezier(\(p.map(unitless).joined(separator: ", "))), as a cubic-bezier() piece per keyframe"
        } else if transition.parameters.animation.spring != nil, transition.isSpring {
            timing = "the spring, sampled in \(count) keyframes over \(keys.count) cards (linear between them)"
        } else {
            timing =
                "the deceleration curve, sampled in \(count) keyframes over \(keys.count) cards (linear between them)"
        }
        var markup: [String] = []
        var rules: [String] = []
        for key in keys {
            let name =
                "cardstack-\(reduced ? "reduced-" : "")\(key.item)-\(key.index < 0 ? "m\(-key.index)" : "\(key.index)")"
            let moments = keyframes.moments[key] ?? []
            guard let first = moments.lazy.compactMap({ $0.cards[key] }).first else { continue }
            markup.append(
                "  <div class=\"card\"\(mark) data-item=\"\(key.item)\" data-index=\"\(key.index)\">\(escape(first.title))</div>"
            )
            rules.append(
                """
                .cardstack > .card\(reduced ? "[data-reduced]" : "")[data-item="\(key.item)"][data-index="\(key.index)"] {
                  width: \(px(first.size.width));
                  height: \(px(first.size.height));
                  transform-origin: \(px(first.anchor.x * first.size.width)) \(px(first.anchor.y * first.size.height)) 0;
                  animation: \(name) \(unitless(transition.duration))s linear both;
                }
                """)
            rules.append(
                "@keyframes \(name) {\n" + frames(of: key, in: moments, keyframes).joined(separator: "\n") + "\n}")
        }
        return (timing, markup, rules)
    }

    /// The keyframe blocks of the card `key`.
    private static func frames(of key: CSSKeyframes.Key, in moments: [CSSKeyframes.Moment], _ keyframes: CSSKeyframes)
        -> [String]
    {
        var blocks: [String] = []
        var last: (card: CardPlacement, order: Int)? = nil
        // Where the card is shown next, for the moments before it first appears.
        guard
            let firstShown = moments.lazy.compactMap({ m in
                m.cards[key].map {
                    ($0, m.frame.cards.firstIndex { $0.index == key.index && $0.item == key.item } ?? 0)
                }
            }).first
        else { return [] }
        for (i, moment) in moments.enumerated() {
            let shown = moment.cards[key].map { card in
                (card: card, order: moment.frame.cards.firstIndex { $0.index == key.index && $0.item == key.item } ?? 0)
            }
            if let shown { last = shown }
            let (card, order) = shown ?? last ?? firstShown
            var lines = [
                "left: \(px(card.position.x - card.anchor.x * card.size.width))",
                "top: \(px(card.position.y - card.anchor.y * card.size.height))",
                "transform: matrix3d(\(matrix(card.transform.entries)))",
                "opacity: \(unitless(card.alpha))",
                "z-index: \(order + 1)",
                "visibility: \(shown == nil ? "hidden" : "visible")",
            ]
            if i + 1 < moments.count, let p = keyframes.easing(moment.fraction, moments[i + 1].fraction) {
                lines.append("animation-timing-function: cubic-bezier(\(p.map(unitless).joined(separator: ", ")))")
            }
            blocks.append("  \(unitless(moment.fraction * 100))% { " + lines.joined(separator: "; ") + "; }")
        }
        return blocks
    }
}
