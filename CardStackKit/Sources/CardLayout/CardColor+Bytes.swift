/// A colour as the renderer, the terminal and `#rrggbb` see it: whole bytes.
extension CardColor {
    /// A component as a byte: `(x * 255).rounded()`, clamped to 0...255.
    public static func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x * 255).rounded()))) }

    /// Red, 0...255.
    public var redByte: UInt8 { Self.byte(red) }
    /// Green, 0...255.
    public var greenByte: UInt8 { Self.byte(green) }
    /// Blue, 0...255.
    public var blueByte: UInt8 { Self.byte(blue) }
    /// Alpha, 0...255.
    public var alphaByte: UInt8 { Self.byte(alpha) }

    /// The colour with its alpha left out (made 1): where the terminal viewer, which has no
    /// alpha, takes a look colour.
    public var opaque: CardColor { CardColor(red: red, green: green, blue: blue) }

    /// `self` moved toward `other` by `amount` (0: unchanged, 1: `other`, clamped), channel
    /// by channel in whole bytes, alpha included: each channel `a + (b - a) * amount`, rounded.
    ///
    /// The viewer dims a card with `alpha` by blending it toward the background:
    /// `color.blended(toward: background, by: 1 - alpha)`.
    public func blended(toward other: CardColor, by amount: Double) -> CardColor {
        let t = min(max(amount, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> Double {
            (Double(a) + (Double(b) - Double(a)) * t).rounded() / 255
        }
        return CardColor(
            red: mix(redByte, other.redByte), green: mix(greenByte, other.greenByte),
            blue: mix(blueByte, other.blueByte), alpha: mix(alphaByte, other.alphaByte))
    }
}
