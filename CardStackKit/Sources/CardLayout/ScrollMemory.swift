/// The scroll state the originals keep and a frame cannot recompute from the offset: the
/// CoverFlow2 toggle (docs/layouts.md §2.4) and the iOS 7 switcher's current card with its 80 %
/// hysteresis (§4). A pure value: the daemon calls ``observe(offset:at:velocity:animating:parameters:)``
/// after every change of offset (scroll command or animation tick) with its own clock, and
/// asks ``context(at:animating:)`` for each frame.
///
/// CoverFlow2: when iCarousel's current index (the nearest item) changes, the toggle becomes
/// `clamp(previous - current, -1, 1)` (so scrolling forward gives -1: the card arriving in
/// the centre starts fully turned) and eases back to 0 over `0.2 + 0.2·clamp(1/|v|, 0, 1)` s
/// (`v` in items per second at the change, 0.4 s when unknown) with iCarousel's ease-in-out
/// cubic. While the daemon animates (fling, snap, next/prev, animated scroll_to), iCarousel
/// rebuilds the toggle from each item's own offset, which draws plain cover flow; the context
/// then carries no toggle and the easing is dropped. Other styles never set the toggle.
///
/// The iOS 7 switcher: the current card moves by whole pages only when the offset is 80 % of
/// a page or more away from it (`|offset - current·spacing| >= 0.8·spacing`), so between two
/// cards it depends on where the scroll came from. The two cards the source updates look the
/// same with either of them current (its scale and opacity are continuous across the
/// switch); cards the source would leave untouched, with stale values, keep the resting 0.9
/// scale and 0.8 alpha here, so the picture equals the resting form.
public struct ScrollMemory: Sendable, Equatable {
    /// The share of a page the offset must move before the switcher's current card changes.
    public static let switcherThreshold = 0.8
    /// iCarousel's `MIN_TOGGLE_DURATION` and `MAX_TOGGLE_DURATION`.
    public static let toggleDurations = (minimum: 0.2, maximum: 0.4)

    /// iCarousel's current item at the last observation (its `previousItemIndex`).
    public private(set) var carouselItem: Int?
    /// The last toggle: its sign, when it was set and how long it eases.
    public private(set) var toggle: (sign: Double, start: Double, duration: Double)?
    /// The switcher's current card, a deck item.
    public private(set) var switcherCurrent: Int?
    /// `animation.slowdown`: the toggle eases this many times slower.
    public var slowdown = 1.0

    public init() {}

    /// Forgets everything (new parameters, a new deck): the next observation starts afresh.
    public mutating func reset() {
        carouselItem = nil
        toggle = nil
        switcherCurrent = nil
    }

    /// Takes in a new offset.
    ///
    /// - Parameters:
    ///   - offset: the normalised offset in points.
    ///   - time: the daemon's clock, seconds.
    ///   - velocity: the scroll speed in points per second (0 when unknown).
    ///   - animating: whether an animation moved the offset.
    ///   - parameters: the parameters in force, with the deck applied.
    public mutating func observe(
        offset: Double, at time: Double, velocity: Double, animating: Bool, parameters: Parameters
    ) {
        let n = parameters.layout.cards
        let d = parameters.layout.spacing
        let wrap = parameters.layout.wrap
        let s = offset / d
        // CoverFlow2 (only that style eases a toggle, so no other style gets extra frames).
        let current = CarouselWindow.currentItem(position: s, cards: n, wrap: wrap)
        if animating || parameters.layout.style != .coverflow2 {
            toggle = nil
        } else if let previous = carouselItem, previous != current, previous < n {
            var difference = previous - current
            if wrap { difference = DeckTransition.nearest(difference, modulo: n) }
            let items = abs(velocity / d)
            let share = items > 0 ? min(max(1 / items, 0), 1) : 1
            let (low, high) = Self.toggleDurations
            toggle = (Double(min(max(difference, -1), 1)), time, (low + (high - low) * share) * slowdown)
        }
        carouselItem = current
        // The iOS 7 switcher.
        guard let page = switcherCurrent, page < n else {
            switcherCurrent = current
            return
        }
        var diff = offset - Double(page) * d
        if wrap { diff = Self.nearest(diff, period: Double(n) * d) }
        let threshold = Self.switcherThreshold * d
        guard abs(diff) >= threshold else { return }
        let steps = clampedInt(((abs(diff) - threshold) / d).rounded(.down)) + 1
        let moved = page + (diff > 0 ? steps : -steps)
        switcherCurrent = wrap ? ((moved % n) + n) % n : min(max(moved, 0), n - 1)
    }

    /// The toggle's value at `time`: ±1 when set, eased to 0.
    public func toggleValue(at time: Double) -> Double {
        guard let toggle else { return 0 }
        let e = DeckTransition.ease((time - toggle.start) / toggle.duration)
        return toggle.sign < 0 ? e - 1 : 1 - e
    }

    /// Whether the toggle is still easing at `time` (the daemon keeps drawing frames).
    public func isEasing(at time: Double) -> Bool {
        guard let toggle else { return false }
        return time - toggle.start < toggle.duration
    }

    /// The layout context at `time`.
    public func context(at time: Double, animating: Bool) -> ScrollContext {
        ScrollContext(coverFlowToggle: animating ? nil : toggleValue(at: time), switcherCurrent: switcherCurrent)
    }

    public static func == (a: ScrollMemory, b: ScrollMemory) -> Bool {
        a.carouselItem == b.carouselItem && a.switcherCurrent == b.switcherCurrent
            && a.toggle?.sign == b.toggle?.sign && a.toggle?.start == b.toggle?.start
            && a.toggle?.duration == b.toggle?.duration && a.slowdown == b.slowdown
    }

    /// `x` moved by a multiple of `period` into `[-period/2, period/2)`.
    static func nearest(_ x: Double, period: Double) -> Double {
        var r = (x + period / 2).truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        return r - period / 2
    }
}
