import RealModule

/// iCarousel's options for one type, with every default filled in (docs/layouts.md §2.4–§2.7,
/// §2.10): what ``CarouselLayout`` computes with.
///
/// An option the `[carousel]` table sets wins; otherwise the type's default applies, worked
/// out the way iCarousel does from the item width `w` (`card.width`, or `card.height` when
/// vertical), the viewport and the deck size `n`.
public struct CarouselOptions: Sendable, Equatable {
    /// iCarousel keeps at most this many item views on iOS (`MAX_VISIBLE_ITEMS`).
    public static let maximumVisibleItems = 30
    /// The largest circle a computed radius makes, in points (an explicit `radius` is at most 100 000).
    public static let maximumRadius = 10_000_000.0

    public var type: CarouselType
    /// w: the item width along the scroll direction.
    public var itemWidth: Double
    /// σ: spacing in item widths.
    public var spacing: Double
    /// A: the arc of the circular types, radians.
    public var arc: Double
    /// c: items on a full circle (the deck size for the other types).
    public var count: Int
    /// The circle's radius before inversion (0 for the types without a circle).
    public var radius: Double
    /// The angular step between neighbours before inversion (0 without a circle).
    ///
    /// iCarousel's code asks rotary and cylinder for each item's own angle (default
    /// `offset · arc / count`) and wheel for the step; a file holds one number, so `angle` is
    /// the step for all three, as iCarousel's README describes the option.
    public var angle: Double
    /// Cover flow's turn, the time machine's lean (0 for the other types).
    public var tilt: Double
    /// V: how many items are laid out around the current one, within `0...n`.
    public var visibleItems: Int
    public var fadeMin: Double
    public var fadeMax: Double
    public var fadeRange: Double
    public var fadeMinAlpha: Double
    public var showBackfaces: Bool
    public var vertical: Bool
    /// iCarousel's `viewpointOffset`.
    public var viewpoint: Point
    /// `m34` of every item's transform (`layout.m34`).
    public var perspective: Double

    /// Resolves the options of `type` under `parameters`.
    ///
    /// - Parameters:
    ///   - type: the carousel type.
    ///   - parameters: the parameters in force; `[carousel]` overrides the defaults.
    public init(_ type: CarouselType, _ parameters: Parameters) {
        let o = parameters.carousel
        let n = parameters.layout.cards
        self.type = type
        vertical = o.vertical ?? false
        itemWidth = vertical ? parameters.card.height : parameters.card.width
        let extent = vertical ? parameters.viewport.height : parameters.viewport.width
        spacing = o.itemSpacing ?? (type.isCoverFlow ? 0.25 : 1.0)
        arc = o.arc ?? 2 * Double.pi
        tilt = o.tilt ?? (type.isCoverFlow ? 0.9 : (type == .timeMachine || type == .invertedTimeMachine ? 0.3 : 0))
        let ws = itemWidth * spacing
        let widths = (extent / ws).rounded(.up)
        if type.isCircular {
            // circularCarouselItemCount: "slightly arbitrary", between 12 and 30.
            let fit = Int(min(Double(Self.maximumVisibleItems), max(12, widths * Double.pi)))
            count = max(o.count ?? min(n, fit), 1)
        } else {
            count = n
        }
        let c = Double(count)
        switch type {
        case .rotary, .invertedRotary:
            radius = o.radius ?? max(ws / 2, ws / (2 * Double.tan(arc / (2 * c))))
        case .cylinder, .invertedCylinder:
            radius = o.radius ?? max(0.01, ws / (2 * Double.tan(arc / (2 * c))))
        case .wheel, .invertedWheel:
            radius = o.radius ?? ws * c / arc
        default:
            radius = 0
        }
        // A tiny arc (5e-324) makes the computed circle infinite: keep it a number.
        radius = radius.isNaN ? 0 : min(max(radius, -Self.maximumRadius), Self.maximumRadius)
        angle = type.isCircular ? (o.angle ?? arc / c) : 0
        fadeMin = o.fadeMin ?? (type == .invertedTimeMachine ? 0 : -.infinity)
        fadeMax = o.fadeMax ?? (type == .timeMachine ? 0 : .infinity)
        fadeRange = o.fadeRange ?? 1
        fadeMinAlpha = o.fadeMinAlpha ?? 0
        showBackfaces = o.showBackfaces ?? (type != .invertedCylinder)
        let v = o.viewpoint ?? [0, 0]
        viewpoint = Point(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0)
        perspective = parameters.layout.m34
        let shortSide = min(parameters.viewport.width, parameters.viewport.height)
        let window: Int
        switch type {
        case .linear, .coverflow, .coverflow2: window = clampedInt(widths) + 2
        case .rotary, .cylinder: window = count
        case .invertedRotary, .invertedCylinder: window = (count + 1) / 2
        case .wheel, .invertedWheel:
            window = radius - itemWidth / 2 < shortSide / 2 ? count : (count + 1) / 2 + 1
        case .timeMachine, .invertedTimeMachine: window = Self.maximumVisibleItems
        }
        let chosen = o.visibleItems ?? min(Self.maximumVisibleItems, window)
        visibleItems = min(max(chosen, 0), n)
    }

    /// The options as a `[carousel]` table with every option this type reads filled in
    /// (what `get_params` reports); options the type never reads stay nil.
    public var table: Parameters.Carousel {
        var t = Parameters.Carousel()
        t.itemSpacing = spacing
        t.visibleItems = visibleItems
        t.fadeMin = fadeMin
        t.fadeMax = fadeMax
        t.fadeRange = fadeRange
        t.fadeMinAlpha = fadeMinAlpha
        t.showBackfaces = showBackfaces
        t.vertical = vertical
        t.viewpoint = [viewpoint.x, viewpoint.y]
        if type.isCircular {
            t.arc = arc
            t.count = count
            t.radius = radius
            t.angle = angle
        }
        if type.isCoverFlow || type == .timeMachine || type == .invertedTimeMachine { t.tilt = tilt }
        return t
    }
}
