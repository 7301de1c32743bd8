/// A finger on the deck, with UIPanGestureRecognizer's phases (`drag`, SPEC §8): `began`
/// catches the deck where it is, `changed(by:)` moves it under the model's resistance,
/// `ended(velocity:)` hands the release velocity to the model and returns the move that
/// follows. A pure value: the time of a caught move is passed in.
///
/// ```swift
/// var drag = Drag(catching: glide, at: now - start, parameters)   // position continuous
/// drag.changed(by: -40, parameters)    // past the first card: rubber-banded
/// let back = drag.ended(velocity: 0, parameters)   // to 0, landing at rest
/// ```
///
/// Offsets are in points, unwrapped; past an edge of a deck that does not wrap while the
/// model lets it (``offset`` is what a frame should show there).
public struct Drag: Sendable, Equatable {
    /// The deck's offset under the finger.
    public private(set) var offset: Double
    /// How far the finger has moved since `began`, points in the offset's direction.
    public private(set) var translation = 0.0
    /// The model the drag began under (a change of `scroll.model` mid-drag applies to the next).
    public let model: ScrollModel
    /// `scroll_view`: the finger's own position, of which ``offset`` is the rubber-banded
    /// picture; `flip`: the card the pan counts from; `icarousel`: unused (the offset's start).
    let anchor: Double

    /// The flip deck's pan: the card it counts from (points); nil under the other models.
    public var flipBase: Double? { model == .flip ? anchor : nil }

    /// `began` at rest at `offset`.
    public init(at offset: Double, _ parameters: Parameters) {
        self.offset = offset
        model = parameters.scrollModel
        switch model {
        case .scrollView: anchor = ScrollView.finger(showing: offset, parameters)
        case .flip: anchor = FlipPan.base(offset, parameters)
        case .icarousel: anchor = offset
        }
    }

    /// `began` during `motion`, `elapsed` seconds into it: the deck stops where it is.
    public init(catching motion: ScrollMotion, at elapsed: Double, _ parameters: Parameters) {
        self.init(at: motion.position(at: elapsed), parameters)
    }

    /// `changed`: the finger moved `points` in the offset's direction since the last call.
    public mutating func changed(by points: Double, _ parameters: Parameters) {
        guard points.isFinite else { return }
        translation += points
        switch model {
        case .scrollView: offset = ScrollView.dragged(anchor + translation, parameters)
        case .flip: offset = FlipPan.dragged(translation: translation, base: anchor, parameters)
        case .icarousel:
            let spacing = parameters.layout.spacing
            offset = ICarousel.dragged(offset / spacing, by: points, parameters) * spacing
        }
    }

    /// `ended`: the finger lets go at `velocity` points/s (in the offset's direction); the
    /// move that follows, starting at ``offset`` (position continuous) with the velocity the
    /// model takes from the finger (velocity continuous for `scroll_view`; iCarousel's
    /// `factor·scrollSpeed` for `icarousel`; none for `flip`, as in its source).
    public func ended(velocity: Double, _ parameters: Parameters) -> ScrollMotion {
        let v = velocity.isFinite ? velocity : 0
        switch model {
        case .scrollView: return ScrollView.release(from: offset, velocity: v, parameters)
        case .icarousel: return ICarousel.release(from: offset, velocity: v, parameters)
        case .flip: return FlipPan.release(from: offset, base: anchor, parameters)
        }
    }
}

extension ScrollMotion {
    /// A throw with no finger (`fling`, or a release): from `offset` at `velocity` under the
    /// model in force; the flip deck counts from the nearest card.
    public static func release(from offset: Double, velocity: Double, _ parameters: Parameters) -> ScrollMotion {
        Drag(at: offset, parameters).ended(velocity: velocity, parameters)
    }
}
