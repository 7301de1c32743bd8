/// The layout styles a parameter file can choose with `layout.style`.
///
/// Each case names a type conforming to ``StyleLayout``; adding a style means adding a case,
/// its layout type, and one line in ``layout``. Nothing else in the package changes.
/// The math of every style, with its sources, is in docs/layouts.md.
public enum Style: String, Sendable, Equatable, Codable, CaseIterable {
    /// CardsAnimationDemo's card stack (docs/layouts.md §1), the reference style.
    case stack
    /// seedante/CardAnimation's flip-down deck (docs/layouts.md §5.3).
    case flip
    /// iCarousel's cover flow, and cover flow 2 with its toggle (docs/layouts.md §2.4).
    case coverflow, coverflow2
    /// iCarousel's flat row.
    case linear
    /// iCarousel's circular types: items on a ring, a drum, or a wheel; inverted seen from inside.
    case rotary
    case invertedRotary = "inverted_rotary"
    case cylinder
    case invertedCylinder = "inverted_cylinder"
    case wheel
    case invertedWheel = "inverted_wheel"
    /// iCarousel's receding row of items, and its inverted form.
    case timeMachine = "time_machine"
    case invertedTimeMachine = "inverted_time_machine"
    /// The iOS 9 task switcher (DemoTaskTray, docs/layouts.md §3).
    case switcher9
    /// The iOS 7 task switcher (GCCardViewController, docs/layouts.md §4).
    case switcher7
    /// The zoom flow of the UICollectionView article (docs/layouts.md §7).
    case zoomFlow = "zoom_flow"

    /// The layout that computes this style's cards.
    public var layout: any StyleLayout {
        switch self {
        case .stack: StackLayout()
        case .flip: FlipLayout()
        case .switcher9: Switcher9Layout()
        case .switcher7: Switcher7Layout()
        case .zoomFlow: ZoomFlowLayout()
        case .coverflow, .coverflow2, .linear, .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel,
            .invertedWheel, .timeMachine, .invertedTimeMachine:
            // Every remaining case is one of iCarousel's types, under the same name.
            CarouselLayout(CarouselType(self) ?? .linear)
        }
    }

    /// `layout.wrap` when the file does not set it: on for the stack, the flip deck and
    /// iCarousel's circular types (iCarousel's rule), off for the others.
    public var defaultWrap: Bool {
        switch self {
        case .stack, .flip, .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: true
        default: false
        }
    }

    /// `card.anchor` when the file does not set it: the bottom edge's centre for the styles
    /// that hinge on it (stack, flip), the centre for the others.
    public var defaultAnchor: [Double] {
        switch self {
        case .stack, .flip: [0.5, 1.0]
        default: [0.5, 0.5]
        }
    }
}

/// One style's math: which cards are visible at an offset and where they are.
///
/// A style implements ``cards(offset:parameters:context:)``; the two-argument form computes
/// the settled form (``ScrollContext/resting``).
public protocol StyleLayout: Sendable {
    /// The visible cards, back to front (draw order), for a normalised `offset`.
    ///
    /// - Parameters:
    ///   - offset: the scroll position in points, already wrapped or clamped.
    ///   - parameters: the parameters in force (with the deck applied: `layout.cards` is the
    ///     deck's size and `card.titles` its titles, see ``Deck/applied(to:)``).
    ///   - context: the daemon's scroll state (CoverFlow2's toggle, the iOS 7 switcher's
    ///     current card, a deck edit in progress); ``ScrollContext/resting`` without one.
    /// - Returns: only visible cards (no `alpha == 0`, no hidden back face; the stack also
    ///   drops `ratio <= 0`), with `z` strictly increasing. The cost depends on the visible
    ///   window, never on the deck size.
    func cards(offset: Double, parameters: Parameters, context: ScrollContext) -> [CardPlacement]
}

extension StyleLayout {
    /// The visible cards in the settled form (no daemon state).
    public func cards(offset: Double, parameters: Parameters) -> [CardPlacement] {
        cards(offset: offset, parameters: parameters, context: .resting)
    }
}
