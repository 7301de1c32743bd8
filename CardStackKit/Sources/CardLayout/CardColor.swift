/// Every colour cardstack reads or draws: the look's `#rrggbb[aa]` (`card.colors`,
/// `border_color`, `shadow_color`, …), the renderer's and the terminal viewer's colours, the
/// default palette. Red, green, blue and alpha in [0, 1]; the renderer, the terminal and
/// `#rrggbb` see them as bytes (``redByte``, ``greenByte``, ``blueByte``).
public struct CardColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// An opaque colour from its red, green and blue bytes (0...255 each).
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (either case); nil for anything else.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var values: [Double] = []
        var i = 1
        while i < bytes.count {
            guard let high = Self.nibble(bytes[i]), let low = Self.nibble(bytes[i + 1]) else { return nil }
            values.append(Double(high * 16 + low) / 255)
            i += 2
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    private static func nibble(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
