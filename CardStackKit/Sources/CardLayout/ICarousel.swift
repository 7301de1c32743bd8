import RealModule

/// iCarousel's own physics (`scroll.model = "icarousel"`; nicklockwood/iCarousel 1.8.3,
/// `iCarousel.m`: `didPan`, `didScroll`, `decelerationDistance`, `shouldDecelerate`,
/// `shouldScroll`, `startDecelerating`, `step`; docs/layouts.md §2.9). The rules work in
/// items (`s = offset / spacing`, one item per `layout.spacing` points); the moves they make
/// (``release(from:velocity:_:)``) are in points.
public enum ICarousel {
    /// SCROLL_DURATION: an animated scroll to an item takes 0.4 s.
    public static let scrollDuration = 0.4
    /// The scroll to the item it is already on (within ``floatErrorMargin``) takes 0.01 s.
    public static let settleDuration = 0.01
    /// DECELERATE_THRESHOLD: a throw decelerates only when it would coast more than 0.1 item...
    public static let decelerateThreshold = 0.1
    /// ...and SCROLL_SPEED_THRESHOLD: is faster than 2 items/s.
    public static let scrollSpeedThreshold = 2.0
    /// SCROLL_DISTANCE_THRESHOLD: a slow release more than 0.1 item off its item, moving,
    /// scrolls on to the next item in the direction of the velocity.
    public static let scrollDistanceThreshold = 0.1
    /// DECELERATION_MULTIPLIER: the deceleration is `v·30·(1 − decelerationRate)` items/s².
    public static let decelerationMultiplier = 30.0
    /// FLOAT_ERROR_MARGIN.
    public static let floatErrorMargin = 1e-6

    /// `offsetMultiplier`: a finger moves the cover flows twice as far (2.0), the others 1:1.
    public static func offsetMultiplier(_ style: Style) -> Double {
        style == .coverflow || style == .coverflow2 ? 2 : 1
    }

    /// `n`, the number of items.
    static func count(_ parameters: Parameters) -> Double { Double(parameters.layout.cards) }

    /// `clampedOffset`: into `[0, n − 1]` without wrap (unchanged when wrapping: the caller
    /// wraps).
    public static func clamped(_ s: Double, _ parameters: Parameters) -> Double {
        parameters.layout.wrap ? s : min(max(s, 0), count(parameters) - 1)
    }

    /// How far the deck may go: `[−bounce, n − 1 + bounce]` without wrap when bouncing,
    /// `[0, n − 1]` without bouncing; nil when wrapping.
    public static func range(_ parameters: Parameters) -> ClosedRange<Double>? {
        guard !parameters.layout.wrap else { return nil }
        let b = parameters.scroll.bounces ? max(parameters.scroll.bounceDistance, 0) : 0
        return -b...(count(parameters) - 1 + b)
    }

    /// The drag factor at `s`: `1 − min(|s − clampedOffset(s)|, bounce)/bounce` without wrap
    /// when bouncing (0 at `bounce` items past an edge), else 1.
    public static func factor(_ s: Double, _ parameters: Parameters) -> Double {
        let bounce = parameters.scroll.bounceDistance
        guard !parameters.layout.wrap, parameters.scroll.bounces, bounce > 0 else { return 1 }
        return 1 - min(abs(s - clamped(s, parameters)), bounce) / bounce
    }

    /// `didPan` (changed) and `didScroll`: `s` after a finger moved `points` in the offset's
    /// direction: `s + points·factor·offsetMultiplier/spacing`, then kept in ``range(_:)``.
    public static func dragged(_ s: Double, by points: Double, _ parameters: Parameters) -> Double {
        let moved =
            s + points * factor(s, parameters) * offsetMultiplier(parameters.layout.style) / parameters.layout.spacing
        guard let range = range(parameters) else { return moved }
        return min(max(moved, range.lowerBound), range.upperBound)
    }

    /// The release velocity in items/s: `velocity·factor·scrollSpeed/spacing` (points/s in).
    public static func itemVelocity(_ velocity: Double, at s: Double, _ parameters: Parameters) -> Double {
        velocity * factor(s, parameters) * parameters.scroll.scrollSpeed / parameters.layout.spacing
    }

    /// `decelerationDistance`: `v / (60·(1 − decelerationRate))` items (the distance a
    /// deceleration of `v·30·(1 − rate)` items/s² takes to stop); 0 when that is not finite.
    public static func coastingDistance(_ v: Double, _ parameters: Parameters) -> Double {
        let d = v / (2 * decelerationMultiplier * (1 - parameters.scroll.decelerationRate))
        return d.isFinite ? d : 0
    }

    /// `shouldDecelerate`: faster than 2 items/s and coasting more than 0.1 item.
    public static func shouldDecelerate(_ v: Double, _ parameters: Parameters) -> Bool {
        abs(v) > scrollSpeedThreshold && abs(coastingDistance(v, parameters)) > decelerateThreshold
    }

    /// `currentItemIndex` in unwrapped items: `s` rounded half away from zero, kept in
    /// `[0, n − 1]` without wrap (with wrap the nearest copy, the short way round).
    public static func currentItem(_ s: Double, _ parameters: Parameters) -> Double {
        clamped(s.rounded(.toNearestOrAwayFromZero), parameters)
    }

    /// `startDecelerating`'s end: `s + D`; with paging `ceil(s)`/`floor(s)` by the sign of D,
    /// else with `stopAtItemBoundary` `ceil(end)`/`floor(end)`; kept in ``range(_:)``.
    public static func decelerationEnd(from s: Double, velocity v: Double, _ parameters: Parameters) -> Double {
        let distance = coastingDistance(v, parameters)
        var end = s + distance
        if parameters.scroll.paging {
            end = distance > 0 ? s.rounded(.up) : s.rounded(.down)
        } else if parameters.scroll.stopAtItemBoundary {
            end = distance > 0 ? end.rounded(.up) : end.rounded(.down)
        }
        guard let range = range(parameters) else { return end }
        return min(max(end, range.lowerBound), range.upperBound)
    }

    /// The deceleration's duration `T = |end − s| / |0.5·v|`.
    public static func decelerationDuration(from s: Double, to end: Double, velocity v: Double) -> Double {
        let t = abs(end - s) / abs(0.5 * v)
        return t.isFinite ? t : 0
    }
}
