/// seedante/CardAnimation's pan (`scroll.model = "flip"`; docs/layouts.md §5.3 and §8): a
/// vertical pan turns the head card by `progress = translation / 150` of its flip, and on
/// release the flip completes when it is at least half way (0.3 s) or falls back (0.2 s).
///
/// cardstack's flip deck turns the head card over the first half of each `spacing` step
/// (``FlipLayout``: `q = 2f`), so a pan of `p` points moves the offset by
/// `p / 150 · spacing / 2`; the progress is kept in `[−1, 1]` (past a whole turn the source's
/// card stays turned, `Rx(−π)`), counted from the card the pan began on.
public enum FlipPan {
    /// The source's pan length of a whole flip, points (`percent = translation.y / 150`).
    public static let panLength = 150.0
    /// The flip completes on release from half way on.
    public static let halfWay = 0.5
    /// The completing flip's animation (v0.9, `flipDown`: 0.3 s).
    public static let completeDuration = 0.3
    /// The fall back's animation (0.2 s).
    public static let returnDuration = 0.2
    /// `UIView.animate(withDuration:)`'s default curve, which the source does not change.
    public static let curve = TimingCurve.easeInOut

    /// The card (a snap point, points) a pan that catches the deck at `offset` counts from.
    public static func base(_ offset: Double, _ parameters: Parameters) -> Double {
        Layout.snapPoint(offset, parameters)
    }

    /// The flip's progress at `offset` for a pan begun on `base`: `2·(offset − base)/spacing`.
    public static func progress(_ offset: Double, base: Double, _ parameters: Parameters) -> Double {
        2 * (offset - base) / parameters.layout.spacing
    }

    /// The offset a finger that has travelled `translation` points from `base` shows: progress
    /// `translation / 150` kept in `[−1, 1]`, and inside the deck when it does not wrap.
    public static func dragged(translation: Double, base: Double, _ parameters: Parameters) -> Double {
        let q = min(max(translation / panLength, -1), 1)
        let offset = base + q * parameters.layout.spacing / 2
        return parameters.layout.wrap ? offset : Layout.normalize(offset, parameters)
    }

    /// The release: at progress ≥ ½ on to the next card (0.3 s), at ≤ −½ back to the one
    /// before, else back to `base` (0.2 s), each with ``curve`` (or `animation.spring` from
    /// rest when set). The source's release ignores the finger's velocity.
    public static func release(from offset: Double, base: Double, _ parameters: Parameters) -> ScrollMotion {
        let spacing = parameters.layout.spacing
        let q = progress(offset, base: base, parameters)
        let step: Double = q >= halfWay ? 1 : q <= -halfWay ? -1 : 0
        var to = base + step * spacing
        if !parameters.layout.wrap { to = Layout.normalize(to, parameters) }
        guard to != offset else { return .none }
        if let spring = parameters.animation.spring {
            let piece = ScrollMotion.settle(spring, from: offset, to: to, velocity: 0)
            return ScrollMotion([piece].compactMap { $0 }, slowdown: parameters.animation.slowdown)
        }
        let duration = to == base ? returnDuration : completeDuration
        return ScrollMotion(
            [.eased(from: offset, to: to, duration: duration, curve: .timing(curve))],
            slowdown: parameters.animation.slowdown)
    }
}
