import RealModule

/// The layout entry points: a frame from parameters and an offset, and the scroll rules
/// (wrap, clamp, snap, fling target) every style shares (docs/layouts.md §8).
public enum Layout {
    /// The frame at `offset` (any value; it is wrapped or clamped first).
    ///
    /// - Parameters:
    ///   - parameters: the parameters in force, with the deck applied (``Deck/applied(to:)``).
    ///   - offset: the scroll offset in points.
    ///   - context: the daemon's scroll state; the settled form without it.
    ///   - pastEdges: a deck that does not wrap is drawn at `offset` even past its edges (a
    ///     drag's rubber band, a bounce: docs/layouts.md §8) rather than clamped to them.
    public static func frame(
        _ parameters: Parameters, offset: Double, context: ScrollContext = .resting, pastEdges: Bool = false
    ) -> Frame {
        let offset = pastEdges ? wrapped(offset, parameters) : normalize(offset, parameters)
        var cards = parameters.layout.style.layout.cards(offset: offset, parameters: parameters, context: context)
        var front = frontItem(cards) ?? restingItem(normalize(offset, parameters), parameters)
        if let transition = context.transition {
            // An inserted card fades in; a removed one flies up on top of everything.
            cards = cards.compactMap { card in
                let fade = transition.fade(of: card.item)
                guard fade < 1 else { return card }
                guard fade > 0 else { return nil }
                var faded = card
                faded.alpha *= fade
                return faded
            }
            front = frontItem(cards) ?? front
            if var leaving = transition.leavingCard(viewportHeight: parameters.viewport.height) {
                leaving.z = (cards.map(\.z).max() ?? leaving.z) + 1
                cards.append(leaving)
                // Still at most the cap: the leaving card takes the place of the back one.
                if cards.count > StackLayout.maximumCards { cards.removeFirst(cards.count - StackLayout.maximumCards) }
            }
        }
        // A last guard: the wire has no NaN or infinity, and one such number would stop
        // every frame. Parameter checks keep them out; this keeps them out of the frame.
        if !cards.allSatisfy({ $0.isFinite && ($0.quad?.allSatisfy { $0.x.isFinite && $0.y.isFinite } ?? true) }) {
            cards = cards.compactMap(\.finite)
        }
        return Frame(
            offset: offset, front: front, style: parameters.layout.style,
            viewport: (parameters.viewport.width, parameters.viewport.height), cards: cards)
    }

    /// The smallest on-screen area, in square points, of a card that counts as seen: a card
    /// edge-on in the middle of its flip covers well under one.
    public static let visibleArea = 1.0

    /// The item drawn in front: the card with the highest `z` among the visible ones (some
    /// opacity, all four corners in front of the eye, at least ``visibleArea`` on screen);
    /// nil when none is.
    public static func frontItem(_ cards: [CardPlacement]) -> Int? {
        var best: CardPlacement?
        for card in cards where card.isVisible {
            if best.map({ card.z >= $0.z }) ?? true { best = card }
        }
        return best?.item
    }

    /// The length of one turn of the deck: `cards * spacing`.
    public static func period(_ parameters: Parameters) -> Double {
        Double(parameters.layout.cards) * parameters.layout.spacing
    }

    /// Wraps `offset` into `[0, cards * spacing)` when wrap is on, else clamps it to
    /// `[0, (cards - 1) * spacing]`. Non-finite input gives 0.
    public static func normalize(_ offset: Double, _ parameters: Parameters) -> Double {
        guard offset.isFinite else { return 0 }
        let period = period(parameters)
        if parameters.layout.wrap {
            var x = offset.truncatingRemainder(dividingBy: period)
            if x < 0 { x += period }
            return x < period ? x : 0
        }
        return min(max(offset, 0), period - parameters.layout.spacing)
    }

    /// `offset` wrapped into `[0, cards * spacing)` when wrap is on, else as it is (past an
    /// edge during a drag or a bounce). Non-finite input gives 0.
    public static func wrapped(_ offset: Double, _ parameters: Parameters) -> Double {
        guard offset.isFinite else { return 0 }
        return parameters.layout.wrap ? normalize(offset, parameters) : offset
    }

    /// The snap point (a multiple of `spacing`) nearest to `offset`, in unwrapped space;
    /// without wrap it is kept inside the deck.
    public static func snapPoint(_ offset: Double, _ parameters: Parameters) -> Double {
        let d = parameters.layout.spacing
        // With a subnormal spacing `offset / d` overflows; every double is as near a snap
        // point as it can be then.
        let steps = (offset / d).rounded(.toNearestOrAwayFromZero)
        let snapped = steps.isFinite && (steps * d).isFinite ? steps * d : offset
        return parameters.layout.wrap ? snapped : normalize(snapped, parameters)
    }

    /// Where a fling of `velocity` points/s from `offset` comes to rest: the coasting
    /// distance `v/1000 * dec/(1 - dec)`, then snapped when `animation.snap` is on.
    public static func flingTarget(from offset: Double, velocity: Double, _ parameters: Parameters) -> Double {
        let dec = parameters.animation.deceleration
        let coast = velocity / 1000 * dec / (1 - dec)
        let end = offset + (coast.isFinite ? coast : 0)
        if parameters.animation.snap { return snapPoint(end, parameters) }
        return parameters.layout.wrap ? end : normalize(end, parameters)
    }

    /// The item at the front when resting at `offset`.
    public static func restingItem(_ offset: Double, _ parameters: Parameters) -> Int {
        let n = parameters.layout.cards
        let k = clampedInt((offset / parameters.layout.spacing).rounded())
        return ((k % n) + n) % n
    }
}

/// `Int(x)` that never traps: NaN gives 0, and values beyond ±2^52 are clamped.
func clampedInt(_ x: Double) -> Int {
    guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? 1 << 52 : -(1 << 52)) }
    return Int(min(max(x, -4_503_599_627_370_496), 4_503_599_627_370_496))
}
