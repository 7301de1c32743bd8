import CardLayout

/// A 24-bit colour.
public struct RGB: Sendable, Hashable {
    /// Red, green and blue, 0...255.
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    /// A colour from its red, green and blue bytes.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// A look colour (`card.colors`, `border_color`, …) as bytes, its alpha left out: the
    /// one conversion the renderer and the terminal viewer share (each takes the alpha
    /// from the ``LookColor`` itself where it draws with one).
    public init(_ c: LookColor) {
        func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x * 255).rounded()))) }
        self.init(byte(c.red), byte(c.green), byte(c.blue))
    }

    /// The colour as a look colour, opaque.
    public var lookColor: LookColor {
        LookColor(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
    }

    /// `self` moved toward `other` by `amount` (0: unchanged, 1: `other`).
    ///
    /// The viewer dims a card with `alpha` by blending it toward the background:
    /// `color.blended(toward: background, by: 1 - alpha)`.
    public func blended(toward other: RGB, by amount: Double) -> RGB {
        let t = min(max(amount, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
        }
        return RGB(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }

    /// A colour from hue (degrees), saturation and lightness (each 0...1).
    public static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> RGB {
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
        return RGB(byte(r), byte(g), byte(b))
    }

    /// The nearest entry of xterm's 256-colour palette (the 6x6x6 cube or the grey ramp).
    public var palette256: Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for i in levels.indices where abs(levels[i] - Int(v)) < abs(levels[best] - Int(v)) { best = i }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = RGB(UInt8(levels[ri]), UInt8(levels[gi]), UInt8(levels[bi]))
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = min(max((average - 8 + 5) / 10, 0), 23)
        let greyLevel = UInt8(8 + 10 * greyIndex)
        let grey = RGB(greyLevel, greyLevel, greyLevel)
        return distance(to: grey) < distance(to: cube) ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi
    }

    private func distance(to o: RGB) -> Int {
        let dr = Int(r) - Int(o.r)
        let dg = Int(g) - Int(o.g)
        let db = Int(b) - Int(o.b)
        return dr * dr + dg * dg + db * db
    }
}
