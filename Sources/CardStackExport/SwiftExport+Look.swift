import CardLayout

/// `[card]`'s look in the exported Swift (docs/exporting.md, "The look"): the values as
/// `TunedLook`'s constants, and under `#if canImport(UIKit)` a function that sets a card's
/// `CALayer` as the look says (`cornerRadius`, `borderWidth` scaled with the card's width
/// when relative, `borderColor`, `shadow…`, `isDoubleSided`, the background colour). Empty
/// when no key of the look is set.
extension SwiftExport {
    /// Where the image files and patterns go until the types are named, as the titles do
    /// (``SwiftExport/titlesMark``): a file `TunedCover.png` is not renamed by `--name`.
    static let imagesMark = "\u{0}images\u{0}"
    static let imagePatternsMark = "\u{0}imagePatterns\u{0}"

    /// `items` as a Swift array literal of strings.
    static func stringList(_ items: [String]?) -> String {
        "[" + (items ?? []).map(\.debugDescription).joined(separator: ", ") + "]"
    }

    static func look(_ p: Parameters) -> String {
        let c = p.card
        guard c.hasLook else { return "" }
        func literal(_ s: String) -> String { s.debugDescription }
        func color(_ hex: String) -> String {
            let k = CardColor(hex: hex) ?? CardColor(red: 0, green: 0, blue: 0)
            return
                "UIColor(red: \(Self.literal(k.red)), green: \(Self.literal(k.green)), blue: \(Self.literal(k.blue)), alpha: \(Self.literal(k.alpha)))"
        }
        var layer: [String] = []
        if c.colors != nil {
            layer.append("if !colors.isEmpty { layer.backgroundColor = uiColor(colors[item % colors.count]).cgColor }")
        }
        if let r = c.cornerRadius {
            layer += ["layer.cornerRadius = \(Self.literal(r))", "layer.masksToBounds = \(c.shadowOpacity ?? 0 == 0)"]
        }
        if let ratio = c.borderWidthRatio {
            layer.append("layer.borderWidth = width * \(Self.literal(ratio))  // relative: scales with the card")
        } else if let w = c.borderWidth {
            layer.append("layer.borderWidth = \(Self.literal(w))")
        }
        if c.resolvedBorderWidth != nil {
            layer.append("layer.borderColor = \(color(c.borderColor ?? "#000000")).cgColor")
        }
        if let opacity = c.shadowOpacity {
            let offset = c.shadowOffset ?? Parameters.Card.defaultShadowOffset
            layer += [
                "layer.shadowOpacity = Float(\(Self.literal(opacity)))",
                "layer.shadowRadius = \(Self.literal(c.shadowRadius ?? Parameters.Card.defaultShadowRadius))",
                "layer.shadowOffset = CGSize(width: \(Self.literal(offset[0])), height: \(Self.literal(offset[1])))",
                "layer.shadowColor = \(color(c.shadowColor ?? Parameters.Card.defaultShadowColor)).cgColor",
            ]
        }
        if let back = c.back { layer.append("layer.isDoubleSided = \(back != .none)") }
        let body = layer.map { "        " + $0 }.joined(separator: "\n")
        let backColor = c.back == .color ? c.backColor ?? c.colors?.first : nil
        return """

            /// The look of `[card]`, as tuned: CALayer's names and values. Item k shows
            /// `images[k % images.count]` and `colors[k % colors.count]`.
            public enum TunedLook {
                /// The image files, relative to the parameter file, in the order the daemon
                /// shows them: what `imagePatterns` matched when this file was exported.
                public static let images: [String] = \(imagesMark)
                /// `card.images` as the parameter file gives it (files or globs).
                public static let imagePatterns: [String] = \(imagePatternsMark)
                public static let colors: [String] = \(stringList(c.colors))
                /// What a card turned past 90° shows: "color" (`backColor`, the image hidden, as
                /// seedante's flip deck does), "none" (`isDoubleSided = false`) or "mirror".
                public static let back: String? = \(c.back.map { literal($0.rawValue) } ?? "nil")
                public static let backColor: String? = \(backColor.map(literal) ?? "nil")
            }

            #if canImport(UIKit)
            import UIKit

            extension TunedLook {
                /// Sets the layer of item `item`'s card, `width` points wide, as the look says.
                @MainActor public static func apply(to layer: CALayer, item: Int, width: CGFloat) {
            \(body.isEmpty ? "        _ = (layer, item, width)" : body)
                    _ = (item, width)
                }

                /// A colour "#rrggbb" or "#rrggbbaa".
                public static func uiColor(_ hex: String) -> UIColor {
                    let digits = Array(hex.dropFirst())
                    func byte(_ i: Int) -> CGFloat {
                        i + 1 < digits.count ? CGFloat(Int(String(digits[i...i + 1]), radix: 16) ?? 0) / 255 : 1
                    }
                    return UIColor(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
                }
            }
            #endif

            """
    }
}
