import CardLayout

extension CardColor {
    /// An opaque colour from hue (degrees), saturation and lightness (each 0...1), each
    /// channel a whole byte (CSS's `hsl()`, which the page's default card colours use).
    public static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> CardColor {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch h {
            case ..<1: (c, x, 0)
            case ..<2: (x, c, 0)
            case ..<3: (0, c, x)
            case ..<4: (0, x, c)
            case ..<5: (x, 0, c)
            default: (c, 0, x)
            }
        let m = lightness - c / 2
        func byte(_ v: Double) -> UInt8 { UInt8(min(max((v + m) * 255, 0), 255).rounded()) }
        return CardColor(byte(r), byte(g), byte(b))
    }
}
