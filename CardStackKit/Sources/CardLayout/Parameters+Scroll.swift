extension Parameters {
    /// `[scroll]`: how the deck follows a finger and a throw (docs/layouts.md §8, "The scroll
    /// models"): which seed's physics (``model``), and every constant of them.
    ///
    /// The parameter file's `[scroll]` table; ``ScrollMotion`` and ``Drag`` read it. The
    /// daemon's `fling` does not use it yet (issue 46).
    ///
    /// ```swift
    /// var p = Parameters()
    /// p.layout.style = .coverflow
    /// p.scrollModel                 // .icarousel, the cover flow's seed
    /// p.scroll.bounceDistance = 0.2 // the iOS 9 switcher's bounce (seed 002)
    /// ```
    public struct Scroll: Sendable, Equatable, Codable {
        /// Which physics; nil takes the style's seed (``Style/defaultScrollModel``).
        public var model: ScrollModel?
        /// A deck that does not wrap moves past its edges and comes back (UIScrollView's
        /// `bounces`, iCarousel's `bounces`).
        public var bounces = true
        /// UIScrollView's rubber band constant `c` (0.55): ``ScrollView/rubberBand(_:constant:extent:)``.
        public var rubberBand = ScrollView.rubberBandConstant
        /// One card per throw (UIScrollView's `isPagingEnabled`, iCarousel's `pagingEnabled`).
        public var paging = false
        /// iCarousel's `bounceDistance`: how far past an edge the deck may go, in items (1.0).
        public var bounceDistance = 1.0
        /// iCarousel's `decelerationRate` (0.95); UIScrollView's stays `animation.deceleration`.
        public var decelerationRate = 0.95
        /// iCarousel's `scrollSpeed`: the release velocity's multiplier (1.0).
        public var scrollSpeed = 1.0
        /// iCarousel's `stopAtItemBoundary` (true): a throw ends on a whole item.
        public var stopAtItemBoundary = true
        /// iCarousel's `scrollToItemBoundary` (true): a release that does not throw scrolls
        /// to the nearest item.
        public var scrollToItemBoundary = true

        public init() {}

        // In the properties' order: the wire writes them so (JSONWriter+Parameters.swift).
        enum CodingKeys: String, CodingKey {
            case model, bounces
            case rubberBand = "rubber_band"
            case paging
            case bounceDistance = "bounce_distance"
            case decelerationRate = "deceleration_rate"
            case scrollSpeed = "scroll_speed"
            case stopAtItemBoundary = "stop_at_item_boundary"
            case scrollToItemBoundary = "scroll_to_item_boundary"
        }
    }

    /// The scroll model in force: `scroll.model`, or the style's seed's.
    public var scrollModel: ScrollModel { scroll.model ?? layout.style.defaultScrollModel }

    /// The viewport's extent along the scroll, in points: the rubber band's `d`. The stack
    /// and the flip deck scroll vertically, as does a carousel with `carousel.vertical`; the
    /// others horizontally.
    public var scrollExtent: Double {
        switch layout.style {
        case .stack, .flip: viewport.height
        default: carousel.vertical == true ? viewport.height : viewport.width
        }
    }
}

/// The physics a deck moves by under a finger and after a throw (`scroll.model`).
public enum ScrollModel: String, Sendable, Equatable, Codable, CaseIterable {
    /// UIScrollView: the rubber band past an edge, the decay `v0·rate^(1000·t)` after a throw
    /// (``ScrollView``).
    case scrollView = "scroll_view"
    /// iCarousel's own: the drag factor, the constant deceleration, the 0.4 s scroll to the
    /// item boundary (``ICarousel``).
    case icarousel
    /// seedante/CardAnimation's pan: half a turn decides (``FlipPan``).
    case flip
}

extension Style {
    /// `scroll.model` when the file does not set it: the style's seed's physics (SPEC §8):
    /// iCarousel's for its eleven types and the iOS 9 switcher (an iCarousel), the pan for the
    /// flip deck, UIScrollView's for the stack, the zoom flow and the iOS 7 switcher.
    public var defaultScrollModel: ScrollModel {
        switch self {
        case .stack, .zoomFlow, .switcher7: .scrollView
        case .flip: .flip
        default: .icarousel
        }
    }
}
