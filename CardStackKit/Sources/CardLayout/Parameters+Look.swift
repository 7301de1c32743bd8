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

extension Parameters.Card {
    /// The border in points: `border_ratio` times the width when set, else
    /// `border_width`, else nil (the client's own).
    public var resolvedBorderWidth: Double? {
        if let ratio = borderWidthRatio { return ratio * width }
        return borderWidth
    }

    /// The background colour `colors` gives item `item`, or nil (the client's own).
    public func color(of item: Int) -> CardColor? {
        guard let colors, !colors.isEmpty else { return nil }
        return CardColor(hex: colors[item % colors.count])
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
