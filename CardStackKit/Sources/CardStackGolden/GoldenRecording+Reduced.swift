import CardLayout

/// Reduce Motion in a golden (docs/tuning.md, "Both variants in one golden"): each revision's
/// parameters say which variant its frames show (`animation.reduce_motion`), so one recording
/// can hold the full moves and the reduced ones; every check lays a frame out with the variant
/// in effect (`Parameters.inEffect`), and a step the reduced variant dissolves is checked as
/// the daemon draws it (CardLayout's `Crossfade`, eased in and out over `reduced.crossfade`
/// times the slowdown).
extension GoldenRecording {
    /// A cross-fade a frame is a point of: the cards drawn before it began, when it began
    /// and how long it lasts (seconds, slowdown included).
    public struct Fade: Sendable, Equatable {
        /// The offset of the frame before: where the step began.
        public var from: Double
        public var before: [CardPlacement]
        public var start: Double
        public var duration: Double

        /// The cards drawn at `time` over `after`, the cards at rest on the step's target.
        public func cards(over after: [CardPlacement], at time: Double) -> [CardPlacement] {
            let progress = duration > 0 ? TimingCurve.easeInOut.value(at: (time - start) / duration) : 1
            return Crossfade.cards(from: before, to: after, progress: progress)
        }
    }

    /// Whether the frame shows the reduced variant (its revision's `animation.reduce_motion`).
    public func isReduced(_ recorded: RecordedFrame) -> Bool {
        parameters(of: recorded).animation.reduceMotion
    }

    /// Which variants the recording's frames show: false for the full one, true for the reduced.
    public var variants: Set<Bool> { Set(frames.map(isReduced)) }

    /// The cross-fade each frame is a point of, by frame number: with the reduced variant in
    /// effect and a cross-fade, a frame of no move at a new offset whose cards are not those
    /// at rest there begins one (the daemon puts the offset on a `next`'s or `prev`'s target
    /// at once and dissolves to it, the frame before being what it fades out); the frames at
    /// that offset after it are its points.
    public var fades: [Int: Fade] {
        var found: [Int: Fade] = [:]
        var running: (fade: Fade, offset: Double)?
        for (i, recorded) in frames.enumerated() {
            let p = parameters(of: recorded).inEffect
            let crossfade = p.animation.reduceMotion ? p.reduced.crossfade * p.animation.slowdown : 0
            guard recorded.motion == nil, crossfade > 0 else {
                running = nil
                continue
            }
            // Past its end a fade draws the cards at rest: the frames after it are its points too.
            if let run = running, run.offset == recorded.frame.offset {
                found[recorded.number] = run.fade
                continue
            }
            running = nil
            guard i > 0, frames[i - 1].frame.offset != recorded.frame.offset else { continue }
            let atRest = Layout.frame(p, offset: recorded.frame.offset, context: recorded.context).cards
            // The cards at rest there: a jump (`scroll_to`, `scroll`), not a fade.
            if Self.compare(recorded, with: atRest).allSatisfy({ $0.points <= Self.defaultTolerance }) { continue }
            let fade = Fade(
                from: frames[i - 1].frame.offset, before: frames[i - 1].frame.cards, start: recorded.time,
                duration: crossfade)
            found[recorded.number] = fade
            running = (fade, recorded.frame.offset)
        }
        return found
    }

    /// Every frame computed again as ``verify()`` computes it (cross-fades included), in order.
    public func recomputedFrames() -> [Frame] {
        let fades = self.fades
        return frames.map { recompute($0, fade: fades[$0.number]) }
    }

    /// The frame this build computes for `recorded`, a point of `fade` when one runs.
    func recompute(_ recorded: RecordedFrame, fade: Fade?) -> Frame {
        guard let fade else { return recompute(recorded) }
        let p = parameters(of: recorded).inEffect
        var frame = Layout.frame(p, offset: recorded.frame.offset, context: recorded.context)
        frame.cards = fade.cards(over: frame.cards, at: recorded.time)
        frame.reveal = recorded.frame.reveal
        return frame
    }

    /// Checks an app's layout in both variants: `layout(offset, reduceMotion)` gives the cards
    /// at an offset with Reduce Motion off or on (e.g. `TunedLayout.cards(offset:reduceMotion:)`),
    /// called for every frame with the setting its revision was recorded with; the frames of a
    /// cross-fade are left to ``checkMotion(tolerance:reduceMotion:fling:crossfade:)``. Fails
    /// when the golden does not hold both variants.
    public func checkLayout(
        tolerance: Double = defaultTolerance,
        reduceMotion layout: (_ offset: Double, _ reduceMotion: Bool) -> [GoldenCard]
    ) -> GoldenReport {
        var report = GoldenReport(subject: "\(source) against the app's layout in both variants", tolerance: tolerance)
        let fades = self.fades
        for recorded in frames where fades[recorded.number] == nil {
            let reduced = isReduced(recorded)
            let cards = layout(recorded.frame.offset, reduced).map(\.placement)
            report.add(Self.compare(recorded, with: cards), cards: recorded.frame.cards.count, reduced: reduced)
        }
        return requiringBoth(report)
    }

    /// Checks an app's motion in both variants: as ``checkMotion(tolerance:step:fling:)``, each
    /// function also told whether Reduce Motion is on for the frame (its revision's setting),
    /// the offset laid out in that variant; and each frame of a cross-fade against
    /// `crossfade(from, to, t)`, the cards `t` seconds into the dissolve from offset `from` to
    /// `to` (`TunedLayout.stepCards(from:to:at:reduceMotion: true)`). Fails when the golden
    /// does not hold both variants.
    public func checkMotion(
        tolerance: Double = defaultTolerance,
        reduceMotion step: (_ from: Double, _ to: Double, _ velocity: Double, _ t: Double, _ reduceMotion: Bool) ->
            Double,
        fling: ((_ from: Double, _ velocity: Double, _ t: Double, _ reduceMotion: Bool) -> Double)? = nil,
        crossfade: ((_ from: Double, _ to: Double, _ t: Double) -> [GoldenCard])? = nil
    ) -> GoldenReport {
        var report = GoldenReport(subject: "\(source) against the app's motion in both variants", tolerance: tolerance)
        let fades = self.fades
        for recorded in frames {
            let reduced = isReduced(recorded)
            let parameters = parameters(of: recorded).inEffect
            if let fade = fades[recorded.number] {
                guard let crossfade else { continue }
                let t = (recorded.time - fade.start) / parameters.animation.slowdown
                let cards = crossfade(fade.from, recorded.frame.offset, t).map(\.placement)
                report.add(Self.compare(recorded, with: cards), cards: recorded.frame.cards.count, reduced: reduced)
                continue
            }
            guard let move = recorded.motion else { continue }
            let t = (recorded.time - move.start) / parameters.animation.slowdown
            let offset: Double
            switch move.kind {
            case .step: offset = step(move.from, move.to, move.velocity, t, reduced)
            case .fling, .release:
                guard let fling else { continue }
                offset = fling(move.from, move.velocity, t, reduced)
            }
            let cards = Layout.frame(parameters, offset: offset, context: recorded.context, pastEdges: true).cards
            report.add(Self.compare(recorded, with: cards), cards: recorded.frame.cards.count, reduced: reduced)
        }
        return requiringBoth(report)
    }

    /// `report`, failed when the recording lacks one of the two variants.
    func requiringBoth(_ report: GoldenReport) -> GoldenReport {
        var report = report
        for reduced in [false, true] where !variants.contains(reduced) && report.first == nil {
            report.first = GoldenDivergence(
                frame: 0, line: 0, seq: 0, time: 0, card: 0, item: 0, title: "", points: .infinity,
                what: "\(source) holds no frame with Reduce Motion \(reduced ? "on" : "off"): record the moves "
                    + "again with `cardstack set animation.reduce_motion \(reduced)` (docs/tuning.md, "
                    + "\"Both variants in one golden\")")
        }
        return report
    }
}
