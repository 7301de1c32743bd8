extension ICarousel {
    /// What iCarousel does when the finger lets go at `offset` (points) with `velocity`
    /// points/s (`didPan`, ended; docs/layouts.md §2.9):
    ///
    /// - with ``shouldDecelerate(_:_:)`` (v = ``itemVelocity(_:at:_:)``): the constant
    ///   deceleration `s(t) = s0 + v·t − ½·(v/T)·t²` onto ``decelerationEnd(from:velocity:_:)``
    ///   in ``decelerationDuration(from:to:velocity:)``, then, with `scrollToItemBoundary` or
    ///   when it ended past an edge, the scroll to the current item (the bounce back);
    /// - otherwise, with `scrollToItemBoundary` or past an edge: a 0.01 s scroll when within
    ///   1e-6 of the current item; on to the next item in the velocity's direction when
    ///   faster than 2 items/s and more than 0.1 item off; else back to the current item,
    ///   each in 0.4 s with iCarousel's cubic ease;
    /// - otherwise it stays where it is.
    ///
    /// `animation.spring`, when set, replaces the 0.4 s ease (the bounce back and the snap).
    public static func release(from offset: Double, velocity: Double, _ parameters: Parameters) -> ScrollMotion {
        let spacing = parameters.layout.spacing
        let s = offset / spacing
        let v = itemVelocity(velocity, at: s, parameters)
        var pieces: [ScrollMotion.Piece] = []
        var at = s
        var moving = v
        if shouldDecelerate(v, parameters) {
            let end = decelerationEnd(from: s, velocity: v, parameters)
            if end != s { pieces.append(.brake(from: offset, to: end * spacing, velocity: v * spacing)) }
            at = end
            moving = 0
            guard parameters.scroll.scrollToItemBoundary || outOfRange(at, parameters) else {
                return ScrollMotion(pieces, slowdown: parameters.animation.slowdown)
            }
            pieces += scroll(from: at * spacing, to: currentItem(at, parameters), parameters)
            return ScrollMotion(pieces, slowdown: parameters.animation.slowdown)
        }
        guard parameters.scroll.scrollToItemBoundary || outOfRange(at, parameters) else { return .none }
        let item = currentItem(at, parameters)
        var to = item
        if abs(at - item) >= floatErrorMargin, abs(moving) > scrollSpeedThreshold,
            abs(at - item) > scrollDistanceThreshold
        {
            to = clamped(item + (moving > 0 ? 1 : -1), parameters)
        }
        return ScrollMotion(scroll(from: offset, to: to, parameters), slowdown: parameters.animation.slowdown)
    }

    /// Whether `s` lies past an edge (`s ≠ clampedOffset(s)`).
    static func outOfRange(_ s: Double, _ parameters: Parameters) -> Bool { clamped(s, parameters) != s }

    /// `scrollToItemAtIndex:animated:` from `offset` (points) to item `item`: 0.01 s when
    /// within 1e-6 of an item of it, else 0.4 s of iCarousel's cubic ease, or
    /// `animation.spring` from rest when set.
    static func scroll(from offset: Double, to item: Double, _ parameters: Parameters) -> [ScrollMotion.Piece] {
        let spacing = parameters.layout.spacing
        let to = item * spacing
        guard offset != to else { return [] }
        if let spring = parameters.animation.spring {
            return [ScrollMotion.settle(spring, from: offset, to: to, velocity: 0)].compactMap { $0 }
        }
        let duration = abs(offset / spacing - item) < floatErrorMargin ? settleDuration : scrollDuration
        return [.eased(from: offset, to: to, duration: duration, curve: .cubic)]
    }
}
