import CardLayout

/// The checks: a golden against this build's math, an app's layout, an app's motion, or
/// another recording.
extension GoldenRecording {
    /// Computes every frame again with this build's layout and motion from the recorded
    /// parameters — the pose at each frame's offset, and while a move runs that offset from
    /// the move's start, target and velocity — and compares it with the recorded frame.
    public func verify(tolerance: Double = defaultTolerance) -> GoldenReport {
        var report = GoldenReport(subject: "\(source) against this build's layout and motion", tolerance: tolerance)
        let fades = self.fades
        for recorded in frames {
            let computed = recompute(recorded, fade: fades[recorded.number])
            report.add(
                Self.compare(recorded, with: computed.cards), cards: recorded.frame.cards.count,
                reduced: isReduced(recorded))
        }
        return report
    }

    /// The frame this build computes for `recorded`: at its move's offset at its time, or at
    /// its recorded offset when no move ran, in the variant its revision plays (Reduce Motion's
    /// when `animation.reduce_motion` is on); a cross-fade's frames need ``recomputedFrames()``.
    public func recompute(_ recorded: RecordedFrame) -> Frame {
        let parameters = parameters(of: recorded).inEffect
        let offset = recorded.motion?.offset(at: recorded.time, parameters) ?? recorded.frame.offset
        var frame = Layout.frame(parameters, offset: offset, context: recorded.context, pastEdges: true)
        frame.reveal = recorded.frame.reveal
        return frame
    }

    /// Checks an app's own layout against the golden: `layout(offset)` gives the cards at an
    /// offset back to front, and each frame's cards must match the recorded ones at the
    /// recorded offset.
    ///
    /// - Parameters:
    ///   - tolerance: points.
    ///   - layout: the app's layout, e.g. `{ TunedLayout.cards(offset: $0).map(GoldenCard.init) }`.
    public func checkLayout(tolerance: Double = defaultTolerance, _ layout: (Double) -> [GoldenCard]) -> GoldenReport {
        var report = GoldenReport(subject: "\(source) against the app's layout", tolerance: tolerance)
        for recorded in frames {
            let cards = layout(recorded.frame.offset).map(\.placement)
            report.add(Self.compare(recorded, with: cards), cards: recorded.frame.cards.count)
        }
        return report
    }

    /// Checks an app's motion against the golden: for every frame of a recorded move, the
    /// app's offset at that time into the move, laid out, must put the cards where the
    /// recorded frame has them.
    ///
    /// - Parameters:
    ///   - step: the offset `t` seconds into a `next`/`prev`/`snap` from `from` to `to`
    ///     starting at `velocity`: `TunedLayout.offset(from:to:velocity:at:)`.
    ///   - fling: the offset `t` seconds into a fling from `from` at `velocity`:
    ///     `TunedLayout.flingOffset(from:velocity:at:)`; flings are skipped without it.
    ///
    /// Times are the recording's divided by its `animation.slowdown`: an app plays at speed 1.
    public func checkMotion(
        tolerance: Double = defaultTolerance,
        step: (_ from: Double, _ to: Double, _ velocity: Double, _ t: Double) -> Double,
        fling: ((_ from: Double, _ velocity: Double, _ t: Double) -> Double)? = nil
    ) -> GoldenReport {
        var report = GoldenReport(subject: "\(source) against the app's motion", tolerance: tolerance)
        for recorded in frames {
            guard let move = recorded.motion else { continue }
            let parameters = parameters(of: recorded).inEffect
            let t = (recorded.time - move.start) / parameters.animation.slowdown
            let offset: Double
            switch move.kind {
            case .step: offset = step(move.from, move.to, move.velocity, t)
            case .fling, .release:
                // A drag's release is the app's fling from where the finger let go.
                guard let fling else { continue }
                offset = fling(move.from, move.velocity, t)
            }
            let cards = Layout.frame(parameters, offset: offset, context: recorded.context, pastEdges: true).cards
            report.add(Self.compare(recorded, with: cards), cards: recorded.frame.cards.count)
        }
        return report
    }

    /// Compares this recording's frames with `other`'s, in order: the n-th frame of one with
    /// the n-th of the other (e.g. one transition recorded before and after a change).
    public func compare(with other: GoldenRecording, tolerance: Double = defaultTolerance) -> GoldenReport {
        var report = GoldenReport(subject: "\(source) against \(other.source)", tolerance: tolerance)
        for (mine, theirs) in zip(frames, other.frames) {
            report.add(Self.compare(mine, with: theirs.frame.cards), cards: mine.frame.cards.count)
        }
        if frames.count != other.frames.count, report.first == nil {
            let shorter = frames.count < other.frames.count ? self : other
            let last = shorter.frames[shorter.frames.count - 1]
            report.first = GoldenDivergence(
                frame: last.number + 1, line: last.line, seq: last.seq, time: last.time, card: 0, item: 0, title: "",
                points: .infinity,
                what: "\(source) has \(frames.count) frames, \(other.source) \(other.frames.count)")
        }
        return report
    }
}

/// One card of an app's layout, in the terms of a frame's card: the deck item, the
/// transform (16 numbers m11…m44, Core Animation's row-vector CATransform3D, about the
/// anchor), alpha, where the anchor sits in viewport points, the size and the anchor in unit
/// card coordinates.
public struct GoldenCard: Sendable, Equatable {
    public var item: Int
    public var transform: [Double]
    public var alpha: Double
    public var position: (x: Double, y: Double)
    public var size: (width: Double, height: Double)
    public var anchor: (x: Double, y: Double)

    public init(
        item: Int, transform: [Double], alpha: Double, position: (x: Double, y: Double),
        size: (width: Double, height: Double), anchor: (x: Double, y: Double)
    ) {
        self.item = item
        self.transform = transform
        self.alpha = alpha
        self.position = position
        self.size = size
        self.anchor = anchor
    }

    /// A card of a frame as CardLayout computes it (`Layout.frame(…).cards`).
    public init(_ card: CardPlacement) {
        self.init(
            item: card.item, transform: card.transform.entries, alpha: card.alpha,
            position: (card.position.x, card.position.y), size: card.size, anchor: (card.anchor.x, card.anchor.y))
    }

    public static func == (a: GoldenCard, b: GoldenCard) -> Bool {
        a.item == b.item && a.transform == b.transform && a.alpha == b.alpha && a.position == b.position
            && a.size == b.size && a.anchor == b.anchor
    }

    /// The card as CardLayout places it, its outline projected through the transform.
    var placement: CardPlacement {
        let entries = transform.count == 16 ? transform : Transform3D.identity.entries
        return CardPlacement(
            index: item, item: item, title: "", ratio: 0, position: Point(position.x, position.y), size: size,
            anchor: Point(anchor.x, anchor.y), scale: 1, alpha: alpha, z: 0, transform: Transform3D(entries))
    }
}
