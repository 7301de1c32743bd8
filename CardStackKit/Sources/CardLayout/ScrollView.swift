import RealModule

/// UIScrollView's physics (`scroll.model = "scroll_view"`, docs/layouts.md §8): the rubber
/// band past an edge, the decay after a throw, the bounce back. Pure functions of the
/// parameters, in points.
public enum ScrollView {
    /// UIScrollView's rubber band constant `c` (Grant Paul's reading of UIKit, quoted in
    /// "Analysis of Apple's rubber band scrolling", squareb.wordpress.com, 2013).
    public static let rubberBandConstant = 0.55

    /// The bounce back's spring: mass 1, stiffness 100, critically damped (ω = 10 rad/s),
    /// Ilya Lobanov's reconstruction of UIScrollView's bounce (super-ultra/ScrollMechanics,
    /// `SimpleScrollView.bounce`). `animation.spring`, when set, replaces it.
    public static let bounceSpring = Spring(mass: 1, stiffness: 100, damping: 20)

    /// The largest share of the decay's whole reach `v/k` a throw covers at UIScrollView's own
    /// decay constant before its landing (``landing(from:velocity:to:_:)``): 0.995, where the
    /// landing starts at 1 % of the release speed (``Motion/flingEndSpeed``).
    public static let fullReach = 1 - Motion.flingEndSpeed / 2

    /// How much farther than the decay's own reach a snapped target may lie and still be
    /// reached by a (slower) decay; beyond it the deck springs there.
    public static let longestReach = 2.0

    /// `f(x) = (1 − 1/(x·c/d + 1))·d`: how far past an edge the deck shows for a finger `x`
    /// points past it (any sign: odd in x). `c` the constant, `d` the viewport's extent.
    public static func rubberBand(_ x: Double, constant c: Double, extent d: Double) -> Double {
        guard d > 0, c > 0 else { return 0 }
        let a = abs(x)
        let f = (1 - 1 / (a * c / d + 1)) * d
        return x < 0 ? -f : f
    }

    /// The finger travel past the edge that shows `b` points past it: the inverse of
    /// ``rubberBand(_:constant:extent:)``, `x = b·d / (c·(d − b))` (∞ at and beyond `d`).
    public static func unband(_ b: Double, constant c: Double, extent d: Double) -> Double {
        guard d > 0, c > 0 else { return b }
        let a = abs(b)
        guard a < d else { return b < 0 ? -Double.infinity : .infinity }
        let x = a * d / (c * (d - a))
        return b < 0 ? -x : x
    }

    /// The decay constant per second of a deceleration rate per millisecond: `v0·rate^(1000·t)
    /// = v0·e^(−k·t)`, `k = −1000·ln(rate)`.
    public static func decayRate(_ rate: Double) -> Double { -1000 * Double.log(rate) }

    /// How far a throw of `velocity` points/s coasts with no edge and no snapping: WWDC18's
    /// projection `v/1000 · rate/(1 − rate)` (0 for a rate of 1 or more).
    public static func coast(velocity: Double, _ rate: Double) -> Double {
        let d = velocity / 1000 * rate / (1 - rate)
        return d.isFinite ? d : 0
    }

    /// The deck's edges in points: `[0, (cards − 1)·spacing]`, or nil when it wraps.
    public static func edges(_ parameters: Parameters) -> ClosedRange<Double>? {
        guard !parameters.layout.wrap else { return nil }
        return 0...max(Layout.period(parameters) - parameters.layout.spacing, 0)
    }

    /// The offset a finger that has travelled to `finger` shows: the finger itself inside
    /// the edges (or when wrapping), rubber-banded past them when `scroll.bounces`, clamped
    /// to them otherwise.
    public static func dragged(_ finger: Double, _ parameters: Parameters) -> Double {
        guard let edges = edges(parameters) else { return finger }
        let edge = min(max(finger, edges.lowerBound), edges.upperBound)
        guard parameters.scroll.bounces else { return edge }
        return edge
            + rubberBand(finger - edge, constant: parameters.scroll.rubberBand, extent: parameters.scrollExtent)
    }

    /// The finger position that shows `offset` (``dragged(_:_:)`` inverted): where a finger
    /// that catches the deck there stands.
    public static func finger(showing offset: Double, _ parameters: Parameters) -> Double {
        guard let edges = edges(parameters), parameters.scroll.bounces else { return offset }
        let edge = min(max(offset, edges.lowerBound), edges.upperBound)
        let x = unband(offset - edge, constant: parameters.scroll.rubberBand, extent: parameters.scrollExtent)
        return x.isFinite ? edge + x : offset
    }

    /// Where a throw from `offset` at `velocity` would come to rest with no edge: the
    /// projection of WWDC18's "Designing Fluid Interfaces" (`v/1000 · rate/(1 − rate)`, the
    /// coasting distance ``Layout/flingTarget(from:velocity:_:)`` uses), snapped with
    /// `animation.snap`, one card from the page it starts on with `scroll.paging`.
    public static func target(from offset: Double, velocity: Double, _ parameters: Parameters) -> Double {
        let spacing = parameters.layout.spacing
        guard parameters.scroll.paging else { return Layout.flingTarget(from: offset, velocity: velocity, parameters) }
        let page = offset / spacing
        let steps: Double =
            velocity > 0 ? page.rounded(.down) + 1 : velocity < 0 ? page.rounded(.up) - 1 : page.rounded()
        let end = steps * spacing
        return parameters.layout.wrap ? end : Layout.normalize(end, parameters)
    }
}
