import CardLayout

extension SwiftExport {
    /// The `[scroll]` table as `p.scroll.key = value` lines, every key written out.
    static func scrollAssignments(_ p: Parameters) -> [String] {
        let s = p.scroll
        return [
            "p.scroll.model = \(s.model.map { "ScrollModel(rawValue: \"\($0.rawValue)\")" } ?? "nil")",
            "p.scroll.bounces = \(s.bounces)",
            "p.scroll.rubberBand = \(literal(s.rubberBand))",
            "p.scroll.paging = \(s.paging)",
            "p.scroll.bounceDistance = \(literal(s.bounceDistance))",
            "p.scroll.decelerationRate = \(literal(s.decelerationRate))",
            "p.scroll.scrollSpeed = \(literal(s.scrollSpeed))",
            "p.scroll.stopAtItemBoundary = \(s.stopAtItemBoundary)",
            "p.scroll.scrollToItemBoundary = \(s.scrollToItemBoundary)",
        ]
    }

    /// The settings of the scroll model in force, under the names the seed's own API gives
    /// them (UIScrollView's, iCarousel's, the flip deck's pan), as `static let` lines.
    static func scrollSettings(_ p: Parameters) -> String {
        let s = p.scroll
        switch p.scrollModel {
        case .scrollView:
            return """
                    /// UIScrollView's `decelerationRate` (its rawValue: velocity kept per millisecond;
                    /// `.normal` is 0.998): `animation.deceleration`.
                    public static let decelerationRate = \(literal(p.animation.deceleration))
                    /// UIScrollView's rubber band constant `c` of `f(x) = (1 − 1/(x·c/d + 1))·d`.
                    public static let rubberBand = \(literal(s.rubberBand))
                    /// The rubber band's `d`: the viewport's extent along the scroll, points.
                    public static let rubberBandExtent = \(literal(p.scrollExtent))
                """
        case .icarousel:
            return """
                    /// iCarousel's `bounceDistance`: how far past an edge the deck may go, in items.
                    public static let bounceDistance = \(literal(s.bounceDistance))
                    /// iCarousel's `decelerationRate` (its default 0.95).
                    public static let decelerationRate = \(literal(s.decelerationRate))
                    /// `scroll.scroll_speed`, the release velocity's multiplier, as the file has it
                    /// (iCarousel's own `scrollSpeed` is set from it by the delegate's `configure`).
                    public static let scrollSpeed = \(literal(s.scrollSpeed))
                    /// iCarousel's `stopAtItemBoundary`: a throw ends on a whole item.
                    public static let stopAtItemBoundary = \(s.stopAtItemBoundary)
                    /// iCarousel's `scrollToItemBoundary`: a release that does not throw scrolls to the nearest item.
                    public static let scrollToItemBoundary = \(s.scrollToItemBoundary)
                """
        case .flip:
            return """
                    /// Seed 003's pan: a pan of this many points is a whole flip (`percent = translation / 150`).
                    public static let panLength = \(literal(FlipPan.panLength))
                    /// The flip completes on release from this share of it on; else it falls back.
                    public static let flipHalfWay = \(literal(FlipPan.halfWay))
                    /// Seconds the completing flip takes (0.3) and the fall back (0.2), both with
                    /// UIView.animate's default curve, ease in and out (0.42, 0, 0.58, 1).
                    public static let flipCompleteDuration = \(literal(FlipPan.completeDuration))
                    public static let flipReturnDuration = \(literal(FlipPan.returnDuration))
                """
        }
    }

    /// The scroll physics: the model's settings, and where and how a release moves, by the
    /// CardLayout functions the daemon's `drag` and `fling` call (`ScrollMotion.release`).
    static func scroll(_ p: Parameters) -> String {
        """

        /// The physics a finger and a throw move the deck by (`[scroll]`, cardstack's
        /// docs/layouts.md §8.1): the model in force is `\(p.scrollModel.rawValue)`. The functions
        /// below compute a release exactly as the daemon does, at speed 1.
        extension TunedLayout {
            /// Which seed's physics: UIScrollView's, iCarousel's or the flip deck's pan.
            public static let scrollModel: ScrollModel = .\(p.scrollModel == .scrollView ? "scrollView" : p.scrollModel.rawValue)
            /// A deck that does not wrap runs past its edges and comes back (`bounces`).
            public static let bounces = \(p.scroll.bounces)
            /// One card per throw (`isPagingEnabled`; iCarousel's `pagingEnabled`).
            public static let isPagingEnabled = \(p.scroll.paging)
        \(scrollSettings(p))

            /// The exported parameters with `slowdown` 1: what a release is computed from.
            public static let scrollParameters: Parameters = {
                var p = parameters
                p.animation.slowdown = 1
                return p
            }()

            /// Where a finger that lets go at `offset` (points) with `velocity` (points per
            /// second, in the offset's direction) leaves the deck at rest: the `target` the
            /// daemon answers to `drag` `ended` there, unwrapped (a wrapping deck's may lie past
            /// a turn). A throw into an edge comes back to the edge.
            public static func releaseTarget(from offset: Double, velocity: Double) -> Double {
                release(from: offset, velocity: velocity).to ?? offset
            }

            /// The offset `t` seconds after that release, unwrapped and past an edge while it
            /// bounces, as the daemon's frames have it.
            public static func releasePosition(from offset: Double, velocity: Double, at t: Double) -> Double {
                let motion = release(from: offset, velocity: velocity)
                return motion.pieces.isEmpty ? offset : motion.position(at: t)
            }

            /// Seconds from that release until the deck is at rest.
            public static func releaseDuration(from offset: Double, velocity: Double) -> Double {
                release(from: offset, velocity: velocity).end
            }

            static func release(from offset: Double, velocity: Double) -> ScrollMotion {
                ScrollMotion.release(from: offset, velocity: velocity, scrollParameters)
            }
        }

        """
    }
}
