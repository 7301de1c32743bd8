/// What a card turned past 90° shows (`card.back`).
public enum CardBack: String, Sendable, Equatable, Codable, CaseIterable {
    /// The back is filled with `back_color` (or the card's own colour): seedante's flip
    /// deck, which hides its image once the card passes perpendicular.
    case color
    /// Nothing: the card is invisible from behind (`isDoubleSided = false`).
    case none
    /// The front seen through the card, mirrored (a layer's default, `isDoubleSided = true`).
    case mirror
}

/// A colour of the look: `#rrggbb` or `#rrggbbaa`, components in [0, 1].
public struct LookColor: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
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

extension Parameters.Card {
    /// The border in points: `border_ratio` times the width when set, else
    /// `border_width`, else nil (the client's own).
    public var resolvedBorderWidth: Double? {
        if let ratio = borderWidthRatio { return ratio * width }
        return borderWidth
    }

    /// The background colour `colors` gives item `item`, or nil (the client's own).
    public func color(of item: Int) -> LookColor? {
        guard let colors, !colors.isEmpty else { return nil }
        return LookColor(hex: colors[item % colors.count])
    }

    /// `CALayer`'s defaults for the shadow keys a file leaves out once it sets an opacity:
    /// radius 3, offset (0, −3), black.
    public static let defaultShadowRadius = 3.0
    public static let defaultShadowOffset = [0.0, -3.0]
    public static let defaultShadowColor = "#000000"

    /// Whether any key of the look is set.
    public var hasLook: Bool {
        images != nil || colors != nil || cornerRadius != nil || borderWidth != nil || borderWidthRatio != nil
            || borderColor != nil || shadowOpacity != nil || shadowRadius != nil || shadowOffset != nil
            || shadowColor != nil || back != nil || backColor != nil
    }
}
