import CardLayout

/// `[card]`'s look as a SwiftUI modifier (docs/exporting.md, "The look"), under
/// `#if canImport(SwiftUI)`: the item's colour behind the content, the back past 90°, the
/// corners as a `clipShape`, the border as a `strokeBorder` overlay scaled with the card's
/// width when relative (as the UIKit adapter's `borderWidth`), and CALayer's shadow as
/// `shadow(color:radius:x:y:)`. Empty when no key of the look is set.
extension SwiftExport {
    static func lookSwiftUI(_ p: Parameters) -> String {
        let c = p.card
        guard c.hasLook else { return "" }
        func color(_ hex: String, opacity: Double = 1) -> String {
            let k = CardColor(hex: hex) ?? CardColor(red: 0, green: 0, blue: 0)
            return "Color(red: \(literal(k.red)), green: \(literal(k.green)), blue: \(literal(k.blue)), "
                + "opacity: \(literal(k.alpha * opacity)))"
        }
        let radius = literal(c.cornerRadius ?? 0)
        var steps: [String] = []
        if let colors = c.colors, !colors.isEmpty {
            steps.append(".background(Self.colors[item % Self.colors.count])")
        }
        switch c.back {
        case .color?:
            let back = c.backColor ?? c.colors?.first ?? "#000000"
            steps.append(".overlay(\(color(back)).opacity(showsBack ? 1 : 0))")
        case .none?:
            steps.append(".opacity(showsBack ? 0 : 1)")
        case .mirror?, nil:
            break
        }
        if c.cornerRadius != nil { steps.append(".clipShape(RoundedRectangle(cornerRadius: \(radius)))") }
        if let ratio = c.borderWidthRatio {
            steps.append(
                ".overlay(RoundedRectangle(cornerRadius: \(radius)).strokeBorder(\(color(c.borderColor ?? "#000000")), "
                    + "lineWidth: width * \(literal(ratio))))")
        } else if let w = c.borderWidth {
            steps.append(
                ".overlay(RoundedRectangle(cornerRadius: \(radius)).strokeBorder(\(color(c.borderColor ?? "#000000")), "
                    + "lineWidth: \(literal(w))))")
        }
        if let opacity = c.shadowOpacity {
            let o = c.shadowOffset ?? Parameters.Card.defaultShadowOffset
            let r = c.shadowRadius ?? Parameters.Card.defaultShadowRadius
            steps.append(
                ".shadow(color: \(color(c.shadowColor ?? Parameters.Card.defaultShadowColor, opacity: opacity)), "
                    + "radius: \(literal(r)), x: \(literal(o[0])), y: \(literal(o[1])))")
        }
        let colors = (c.colors ?? []).map { color($0) }.joined(separator: ", ")
        let body = (["content"] + steps).joined(separator: "\n            ")
        return """

            #if canImport(SwiftUI)
            import SwiftUI

            /// The look of `[card]` on one card's view: `content(card.item).modifier(TunedCardLook(card: card))`
            /// inside `TunedCardsView`, or `TunedCardLook(item:width:showsBack:)` for a view of your own.
            public struct TunedCardLook: ViewModifier {
                public static let colors: [Color] = [\(colors)]
                public var item: Int
                /// The card's width in points: a relative border scales with it.
                public var width: CGFloat
                /// Whether the card is turned past 90° (its back faces the viewer).
                public var showsBack: Bool

                public init(item: Int, width: CGFloat, showsBack: Bool = false) {
                    self.item = item
                    self.width = width
                    self.showsBack = showsBack
                }

                /// The look of `card`, its back shown when its corners project counter-clockwise.
                public init(card: TunedCard) {
                    let m = card.cornerTransform
                    let (w, h) = (card.size.width, card.size.height)
                    let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map { p -> (Double, Double) in
                        let (x, y) = p
                        let d = x * m[3] + y * m[7] + m[15]
                        return ((x * m[0] + y * m[4] + m[12]) / d, (x * m[1] + y * m[5] + m[13]) / d)
                    }
                    var area = 0.0
                    for i in 0..<4 {
                        let (a, b) = (corners[i], corners[(i + 1) % 4])
                        area += a.0 * b.1 - b.0 * a.1
                    }
                    self.init(item: card.item, width: CGFloat(w), showsBack: area < 0)
                }

                public func body(content: Content) -> some View {
                    \(body)
                }
            }
            #endif

            """
    }
}
