/// The layout styles a parameter file can choose with `layout.style`.
///
/// Each case names a type conforming to ``StyleLayout``; adding a style means adding a case,
/// its layout type, and one line in ``layout``. Nothing else in the package changes.
public enum Style: String, Sendable, Equatable, Codable, CaseIterable {
    /// CardsAnimationDemo's card stack (SPEC §3), the reference style.
    case stack

    /// The layout that computes this style's cards.
    public var layout: any StyleLayout {
        switch self {
        case .stack: StackLayout()
        }
    }

    /// `layout.wrap` when the file does not set it (iCarousel's rule for its types).
    public var defaultWrap: Bool {
        switch self {
        case .stack: true
        }
    }

    /// `card.anchor` when the file does not set it.
    public var defaultAnchor: [Double] {
        switch self {
        case .stack: [0.5, 1.0]
        }
    }
}

/// One style's math: which cards are visible at an offset and where they are.
public protocol StyleLayout: Sendable {
    /// The visible cards, back to front (draw order), for a normalised `offset`.
    ///
    /// - Parameters:
    ///   - offset: the scroll position in points, already wrapped or clamped.
    ///   - parameters: the parameters in force.
    /// - Returns: only visible cards (no `alpha == 0`, no `ratio <= 0`), with `z` strictly
    ///   increasing. The cost depends on the visible window, never on the deck size.
    func cards(offset: Double, parameters: Parameters) -> [CardPlacement]
}
