/// Everything the layout depends on: the resolved parameter file (the README's parameter table).
///
/// The tables and keys mirror the file (`layout`, `card`, `viewport`, `animation`, `carousel`), so the
/// JSON form that `get_params` sends has the same shape as the TOML users edit. Values are
/// assumed valid; `CardStackParams` is the one place that checks ranges and reports errors.
public struct Parameters: Sendable, Equatable, Codable {
    public var layout = Layout()
    public var card = Card()
    public var viewport = Viewport()
    public var animation = Animation()
    /// `[carousel]`: iCarousel's options; every option left nil takes the type's default.
    public var carousel = Carousel()
    /// `[scroll]`: the scroll model and its constants (docs/layouts.md §8.1).
    public var scroll = Scroll()
    /// `[reduced]`: the overrides Reduce Motion plays (``Reduced``, ``reducedVariant()``).
    public var reduced = Reduced()

    public init() {}

    enum CodingKeys: String, CodingKey {
        case layout, card, viewport, animation, carousel, scroll, reduced
    }

    /// Every table is required but `scroll` and `reduced`, which recordings made before they
    /// existed lack: absent, they are the defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        layout = try c.decode(Layout.self, forKey: .layout)
        card = try c.decode(Card.self, forKey: .card)
        viewport = try c.decode(Viewport.self, forKey: .viewport)
        animation = try c.decode(Animation.self, forKey: .animation)
        carousel = try c.decode(Carousel.self, forKey: .carousel)
        scroll = try c.decodeIfPresent(Scroll.self, forKey: .scroll) ?? Scroll()
        reduced = try c.decodeIfPresent(Reduced.self, forKey: .reduced) ?? Reduced()
    }

    /// `[layout]`: which style, how many cards, and the stack's own numbers.
    public struct Layout: Sendable, Equatable, Codable {
        public var style: Style = .stack
        /// Distinct cards, 1...1_000_000.
        public var cards = 11
        /// Endless scrolling: the offset wraps modulo `cards * spacing`.
        public var wrap = true
        /// Points of scroll per card; snap points are its multiples.
        public var spacing = 30.0
        /// Ratio (and scale) difference between adjacent cards.
        public var scaleStep = 0.1
        /// Perspective entry of the transform, `-1 / eye distance`.
        public var m34 = -0.0005
        /// Ratio interval over which the front card flips down and fades out.
        public var flipRange = [1.0, 1.1]

        public init() {}

        enum CodingKeys: String, CodingKey {
            case style, cards, wrap, spacing, m34
            case scaleStep = "scale_step"
            case flipRange = "flip_range"
        }
    }

    /// `[card]`: the card's size, pivot and labels.
    public struct Card: Sendable, Equatable, Codable {
        /// CardsAnimationDemo's own card size (its preset's 300 x 200): the cards behind the
        /// front one show above it at rest.
        public var width = 300.0
        public var height = 200.0
        /// Rotation and scale pivot in unit card coordinates.
        public var anchor = [0.5, 1.0]
        /// Item `k` shows `titles[k % titles.count]`, or its number `k + 1` when empty.
        public var titles: [String] = []
        /// The look (docs/parameters.md, "The look"). Every key left out (nil) keeps each
        /// client's own picture of today, so a file without them draws as it always did.
        /// Image files or globs, relative to the parameter file: item `k` shows image `k % n`.
        public var images: [String]?
        /// Background colours, `#rrggbb` or `#rrggbbaa`: item `k` gets `colors[k % n]`.
        public var colors: [String]?
        /// `CALayer.cornerRadius`, in points.
        public var cornerRadius: Double?
        /// `CALayer.borderWidth` in points, or as a fraction of the card's width (seedante's
        /// `width / 100` is 0.01); the fraction wins when both are set.
        public var borderWidth: Double?
        public var borderWidthRatio: Double?
        public var borderColor: String?
        /// `CALayer.shadowOpacity`, `shadowRadius`, `shadowOffset` and `shadowColor`.
        public var shadowOpacity: Double?
        public var shadowRadius: Double?
        public var shadowOffset: [Double]?
        public var shadowColor: String?
        /// What a card turned past 90° shows (``CardBack``) and, for `color`, which colour.
        public var back: CardBack?
        public var backColor: String?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case width, height, anchor, titles, images, colors
            case cornerRadius = "corner_radius"
            case borderWidth = "border_width"
            case borderWidthRatio = "border_ratio"
            case borderColor = "border_color"
            case shadowOpacity = "shadow_opacity"
            case shadowRadius = "shadow_radius"
            case shadowOffset = "shadow_offset"
            case shadowColor = "shadow_color"
            case back
            case backColor = "back_color"
        }

        /// The label of item `item`.
        public func title(of item: Int) -> String {
            titles.isEmpty ? String(item + 1) : titles[item % titles.count]
        }
    }

    /// `[viewport]`: the area the cards are laid out in, in points.
    public struct Viewport: Sendable, Equatable, Codable {
        public var width = 375.0
        public var height = 667.0
        public init() {}
    }

    /// `[animation]`: how the daemon animates flings and snaps.
    public struct Animation: Sendable, Equatable, Codable {
        /// Frames per second while animating, 1...240.
        public var fps = 60
        /// Fling velocity kept per millisecond (UIScrollView's "normal" rate).
        public var deceleration = 0.998
        /// Come to rest on a multiple of `spacing`.
        public var snap = true
        /// Seconds a `next`, `prev`, `snap` or animated `scroll_to` takes (and the circle reveal).
        public var duration = Motion.stepDuration
        /// Seconds a deck edit takes: the iOS 7 switcher's 0.3 s fly-away, iCarousel's 0.4 s
        /// insert, and the step duration for a move.
        public var removeDuration = 0.3
        public var insertDuration = 0.4
        public var moveDuration = Motion.stepDuration
        /// How progress follows time (``TimingCurve``).
        public var curve: TimingCurve = .decelerate
        /// When set, steps, snapping flings and the reveal are this spring's instead of
        /// `curve` and `duration`'s.
        public var spring: Spring?
        /// Every animation runs this many times slower, ≥ 1.
        public var slowdown = 1.0
        /// Play the reduced variant (`[reduced]`, ``Parameters/inEffect``), as an app does
        /// when `UIAccessibility.isReduceMotionEnabled` is true.
        public var reduceMotion = false
        public init() {}

        enum CodingKeys: String, CodingKey {
            case fps, deceleration, snap, duration
            case removeDuration = "remove_duration"
            case insertDuration = "insert_duration"
            case moveDuration = "move_duration"
            case curve, spring, slowdown
            case reduceMotion = "reduce_motion"
        }

        /// `reduce_motion` may be absent (recordings made before it): false.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            fps = try c.decode(Int.self, forKey: .fps)
            deceleration = try c.decode(Double.self, forKey: .deceleration)
            snap = try c.decode(Bool.self, forKey: .snap)
            duration = try c.decode(Double.self, forKey: .duration)
            removeDuration = try c.decode(Double.self, forKey: .removeDuration)
            insertDuration = try c.decode(Double.self, forKey: .insertDuration)
            moveDuration = try c.decode(Double.self, forKey: .moveDuration)
            curve = try c.decode(TimingCurve.self, forKey: .curve)
            spring = try c.decodeIfPresent(Spring.self, forKey: .spring)
            slowdown = try c.decode(Double.self, forKey: .slowdown)
            reduceMotion = try c.decodeIfPresent(Bool.self, forKey: .reduceMotion) ?? false
        }

        /// How long `edit` animates, in seconds, before the slowdown.
        public func duration(of edit: DeckEdit) -> Double {
            switch edit {
            case .insert: insertDuration
            case .remove: removeDuration
            case .move: moveDuration
            }
        }
    }
}

extension Parameters {
    /// The cards a stack shows at rest (`ceil(1 / scale_step)`), used to warn when a
    /// wrapping deck is so small that one item would show twice.
    public var stackDepth: Int {
        // Clamped: a tiny step (1e-19) would overflow `Int`.
        clampedInt((1 / layout.scaleStep - 1e-9).rounded(.up))
    }

    /// Warnings about parameters that are valid but probably not what the user wants.
    public var warnings: [String] {
        var out: [String] = []
        if layout.style == .stack, layout.wrap, layout.cards < stackDepth + 1 {
            out.append(
                "layout.cards = \(layout.cards) is smaller than the stack's depth + 1 (\(stackDepth + 1)) "
                    + "with wrap on: an item will show twice while the front card flips"
            )
        }
        if card.borderWidth != nil, card.borderWidthRatio != nil {
            out.append("card.border_width and card.border_ratio are both set: the ratio wins")
        }
        return out
    }
}
