extension Parameters {
    /// `[carousel]`: iCarousel's options (docs/layouts.md §2), for the eleven iCarousel styles.
    ///
    /// Every option is optional: `nil` means "the type's default" (iCarousel's
    /// `valueForOption:withDefault:`), so one file can switch between types and keep each
    /// type's look. ``CarouselOptions`` resolves them for one type.
    ///
    /// JSON form: an option left at its default is absent; an unbounded fade limit
    /// (`fade_min = -inf`, `fade_max = inf`) is `null`, and `null` reads back as unbounded.
    ///
    /// ```swift
    /// var p = Parameters()
    /// p.layout.style = .coverflow
    /// p.carousel.tilt = 0.5        // a flatter cover flow
    /// ```
    public struct Carousel: Sendable, Equatable, Codable {
        /// σ: item spacing in item widths (1.0; 0.25 for cover flow).
        public var itemSpacing: Double?
        /// A: the arc the circular types spread their items over, radians (2π).
        public var arc: Double?
        /// The circle's radius in points (computed from the item width, count and arc).
        public var radius: Double?
        /// The angular step between items of the circular types, radians (arc / count).
        public var angle: Double?
        /// Cover flow's turn (0.9) and the time machine's sideways lean (0.3).
        public var tilt: Double?
        /// c: items on a full circle for the circular types (from the viewport width).
        public var count: Int?
        /// V: items laid out around the current one (per type; at most 30 by default).
        public var visibleItems: Int?
        /// Offsets below this fade out (-∞; 0 for the inverted time machine).
        public var fadeMin: Double?
        /// Offsets above this fade out (+∞; 0 for the time machine).
        public var fadeMax: Double?
        /// How many items wide the fade is (1.0).
        public var fadeRange: Double?
        /// The alpha at the end of the fade (0.0).
        public var fadeMinAlpha: Double?
        /// Draw items turned away from the viewer (true; false for the inverted cylinder).
        public var showBackfaces: Bool?
        /// Lay the carousel out vertically (false).
        public var vertical: Bool?
        /// iCarousel's `viewpointOffset` `[x, y]` in points: moves the items against the
        /// vanishing point ([0, 0]).
        public var viewpoint: [Double]?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case arc, radius, angle, tilt, count, vertical, viewpoint
            case itemSpacing = "item_spacing"
            case visibleItems = "visible_items"
            case fadeMin = "fade_min"
            case fadeMax = "fade_max"
            case fadeRange = "fade_range"
            case fadeMinAlpha = "fade_min_alpha"
            case showBackfaces = "show_backfaces"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            itemSpacing = try c.decodeIfPresent(Double.self, forKey: .itemSpacing)
            arc = try c.decodeIfPresent(Double.self, forKey: .arc)
            radius = try c.decodeIfPresent(Double.self, forKey: .radius)
            angle = try c.decodeIfPresent(Double.self, forKey: .angle)
            tilt = try c.decodeIfPresent(Double.self, forKey: .tilt)
            count = try c.decodeIfPresent(Int.self, forKey: .count)
            visibleItems = try c.decodeIfPresent(Int.self, forKey: .visibleItems)
            fadeMin = try Self.limit(c, .fadeMin, unbounded: -.infinity)
            fadeMax = try Self.limit(c, .fadeMax, unbounded: .infinity)
            fadeRange = try c.decodeIfPresent(Double.self, forKey: .fadeRange)
            fadeMinAlpha = try c.decodeIfPresent(Double.self, forKey: .fadeMinAlpha)
            showBackfaces = try c.decodeIfPresent(Bool.self, forKey: .showBackfaces)
            vertical = try c.decodeIfPresent(Bool.self, forKey: .vertical)
            viewpoint = try c.decodeIfPresent([Double].self, forKey: .viewpoint)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(itemSpacing, forKey: .itemSpacing)
            try c.encodeIfPresent(arc, forKey: .arc)
            try c.encodeIfPresent(radius, forKey: .radius)
            try c.encodeIfPresent(angle, forKey: .angle)
            try c.encodeIfPresent(tilt, forKey: .tilt)
            try c.encodeIfPresent(count, forKey: .count)
            try c.encodeIfPresent(visibleItems, forKey: .visibleItems)
            for (value, key) in [(fadeMin, CodingKeys.fadeMin), (fadeMax, .fadeMax)] {
                guard let value else { continue }
                // JSON has no infinity: an unbounded limit goes out as null.
                if value.isFinite { try c.encode(value, forKey: key) } else { try c.encodeNil(forKey: key) }
            }
            try c.encodeIfPresent(fadeRange, forKey: .fadeRange)
            try c.encodeIfPresent(fadeMinAlpha, forKey: .fadeMinAlpha)
            try c.encodeIfPresent(showBackfaces, forKey: .showBackfaces)
            try c.encodeIfPresent(vertical, forKey: .vertical)
            try c.encodeIfPresent(viewpoint, forKey: .viewpoint)
        }

        /// A fade limit: absent is the default (nil), `null` is unbounded.
        static func limit(
            _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, unbounded: Double
        ) throws -> Double? {
            guard c.contains(key) else { return nil }
            return try c.decodeNil(forKey: key) ? unbounded : c.decode(Double.self, forKey: key)
        }
    }
}
