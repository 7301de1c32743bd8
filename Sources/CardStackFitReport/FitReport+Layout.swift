import CardLayout
import CardStackFit

extension FitReport {
    /// The largest distance, in points, between where the clip's tracked point rests (before
    /// the move and once it has settled) and where the layout of the parameters it is read
    /// against puts the same point at the same offset, before the fit warns that the two
    /// layouts differ (docs/fit.md, "The clip's layout").
    public static let layoutGapBound = 2.0

    /// Why the clip's layout and `parameters`' differ, or nil: where the clip rests at the
    /// move's ends against where `parameters`' layout puts the fitted point at `from` and
    /// `to`. The motion's fit cannot see it — a move of another length fits as a spring of
    /// another shape with a small residual — so it is measured at rest, where no timing
    /// enters. An end the clip does not show at rest (it starts or stops mid-move) is not
    /// compared. Then `misplaced` (first frame, last frame): a card whose outline the frame
    /// does not show where the layout draws it, at the offset that fits the frame best.
    public static func layoutWarning(
        _ result: MotionFit.Result, track: ClipFit.Track, parameters: Parameters, from: Double, to: Double,
        misplaced: (_ atEnd: Bool) -> (item: Int, strength: Double, strongest: Double)? = { _ in nil }
    ) -> String? {
        let samples = track.samples
        guard let first = samples.first, let last = samples.last else { return nil }
        let fit = MotionFit(parameters: parameters, from: from, to: to, samples: samples, point: result.point)
        let model = fit.model(result.animation, start: result.start, point: result.point)
        guard let atFrom = result.point.position(in: Layout.frame(parameters, offset: from)),
            let atTo = result.point.position(in: Layout.frame(parameters, offset: to))
        else { return nil }
        func apart(_ a: Point, _ b: Point) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        var gaps: [(end: String, gap: Double)] = []
        // The clip's first frame where the model has not left `from`'s place yet, and its
        // last where the model has come to rest at `to`'s (each within half a point).
        if let start = model.first ?? nil, apart(start, atFrom) < 0.5 {
            gaps.append(("before the move", apart(first.point, start)))
        }
        if let settled = model.last ?? nil, apart(settled, atTo) < 0.5 {
            gaps.append(("after it", apart(last.point, settled)))
        }
        let layout = parameters.layout
        func pt(_ x: Double) -> String { String(Double(Int((x * 10).rounded())) / 10) }
        let named =
            "the \(layout.style.rawValue) layout (layout.spacing \(pt(layout.spacing)), layout.scale_step \(layout.scaleStep), card \(pt(parameters.card.width)) × \(pt(parameters.card.height)))"
        let advice =
            "The motion was read against the wrong layout: read the clip against the parameters it was made with (--config FILE), or fit the layout from a still's corners (--corners)"
        if let worst = gaps.max(by: { $0.gap < $1.gap }), worst.gap > layoutGapBound {
            let travel = apart(first.point, last.point)
            let modelled = apart(atFrom, atTo)
            return
                "the clip's layout and the parameters' differ: at rest \(worst.end) the tracked point is \(pt(worst.gap)) pt from where \(named) puts it, over \(pt(layoutGapBound)) pt; it travels \(pt(travel)) pt from rest to rest in the clip and \(pt(modelled)) pt in the layout. \(advice)"
        }
        // The cards' outlines in the clip's first and last frames, each at the offset that
        // shows them best: no fit and no tracked point enters, so a layout that differs is
        // told even when the tracker lost its point (docs/fit.md, "The clip's layout").
        for atEnd in [false, true] {
            guard let card = misplaced(atEnd) else { continue }
            return
                "the clip's layout and the parameters' differ: in the clip's \(atEnd ? "last" : "first") frame card \(card.item + 1)'s outline reads \(pt(card.strength)) grey levels a pixel where \(named) puts it at the offset its outlines fit best, against \(pt(card.strongest)) for the card that reads best. \(advice)"
        }
        return nil
    }
}
