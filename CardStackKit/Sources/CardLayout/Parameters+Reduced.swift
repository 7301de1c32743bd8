extension Parameters {
    /// `[reduced]`: what changes when Reduce Motion is on (`animation.reduce_motion`,
    /// docs/parameters.md, "Reduce Motion").
    ///
    /// The tables have the file's own shape and key names: `[reduced.animation]`,
    /// `[reduced.layout]` (the pose keys only: `scale_step`, `m34`, `flip_range`) and
    /// `[reduced.carousel]`. Every key is optional; a key left out takes the per-style default
    /// of ``Parameters/reducedVariant()`` (no flip toward the viewer, no overshoot, no
    /// perspective), else the file's own value. `crossfade` is the dissolve that replaces a
    /// step's move, in seconds (0: none), as iOS dissolves in place of a slide when
    /// `UIAccessibility.isReduceMotionEnabled` is true.
    ///
    /// ```swift
    /// var p = Parameters()
    /// p.reduced.animation.duration = 0.2
    /// p.animation.reduceMotion = true
    /// p.inEffect.animation.duration  // 0.2
    /// ```
    public struct Reduced: Sendable, Equatable, Codable {
        public var animation = Animation()
        public var layout = Layout()
        /// `[reduced.carousel]`: iCarousel's options, each over the file's `[carousel]`.
        public var carousel = Carousel()
        /// Seconds a step's cross-fade takes (0: the step moves, with the reduced motion).
        public var crossfade = Reduced.defaultCrossfade

        /// A quarter second, the length of UIKit's own cross-dissolve.
        public static let defaultCrossfade = 0.25
        /// The longest cross-fade the file accepts, seconds.
        public static let longestCrossfade = 10.0

        public init() {}

        enum CodingKeys: String, CodingKey {
            case animation, layout, carousel, crossfade
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            animation = try c.decodeIfPresent(Animation.self, forKey: .animation) ?? Animation()
            layout = try c.decodeIfPresent(Layout.self, forKey: .layout) ?? Layout()
            carousel = try c.decodeIfPresent(Carousel.self, forKey: .carousel) ?? Carousel()
            crossfade = try c.decodeIfPresent(Double.self, forKey: .crossfade) ?? Reduced.defaultCrossfade
        }

        /// Whether no key of the three tables is set (the crossfade aside).
        public var hasNoOverrides: Bool {
            animation == Animation() && layout == Layout() && carousel == Carousel()
        }

        /// `[reduced.animation]`: any key of `[animation]` but `reduce_motion`.
        public struct Animation: Sendable, Equatable, Codable {
            public var fps: Int?
            public var deceleration: Double?
            public var snap: Bool?
            public var duration: Double?
            public var removeDuration: Double?
            public var insertDuration: Double?
            public var moveDuration: Double?
            public var curve: TimingCurve?
            public var spring: Spring?
            public var slowdown: Double?

            public init() {}

            enum CodingKeys: String, CodingKey {
                case fps, deceleration, snap, duration
                case removeDuration = "remove_duration"
                case insertDuration = "insert_duration"
                case moveDuration = "move_duration"
                case curve, spring, slowdown
            }
        }

        /// `[reduced.layout]`: the stack's pose keys, the motion-heavy part of `[layout]`.
        /// The deck's own keys (`style`, `cards`, `wrap`, `spacing`) are not among them: Reduce
        /// Motion changes how the deck moves, not which deck it is.
        public struct Layout: Sendable, Equatable, Codable {
            public var scaleStep: Double?
            public var m34: Double?
            /// Here `f0 == f1` is allowed: a collapsed range, the front card leaves at once.
            public var flipRange: [Double]?

            public init() {}

            enum CodingKeys: String, CodingKey {
                case m34
                case scaleStep = "scale_step"
                case flipRange = "flip_range"
            }
        }
    }
}
