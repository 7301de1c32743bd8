import CardLayout

extension ClipFit {
    /// The weakest outline a fit believes: a mean edge strength of 4 grey levels a pixel
    /// along the cards' outlines (a flat card's edge on the stage reads 20 to 60 in
    /// `cardstack render`'s clips; a clip of other cards, or lined up wrong, reads under 3).
    public static let weakestOutline = 4.0

    /// The track of flat cards: each kept frame's offset read from the cards' outlines
    /// (``OutlineTracker``), and the path of the card point that travels farthest at those
    /// offsets.
    func outlineTrack(_ mapping: StageMapping, kept: [Int]) throws(FitError) -> Track {
        let tracker = OutlineTracker(parameters: parameters, mapping: mapping, from: from, to: to)
        let read = tracker.offsets(frames, at: kept)
        let strength = read.map(\.strength).reduce(0, +) / Double(max(read.count, 1))
        guard strength >= Self.weakestOutline else {
            throw FitError(
                "the cards' outlines of style \(parameters.layout.style.rawValue) were not found in the clip (their edges read \(rounded(strength, 10)) grey levels a pixel, under \(Self.weakestOutline)): the clip shows other cards, another style, or the stage is elsewhere. Try --stage X,Y,SCALE, a textured look ([card] images), or mark a point with --mark X,Y"
            )
        }
        guard let point = Self.farthestPoint(parameters, range: tracker.range, from: from, to: to) else {
            throw FitError(
                "no card of style \(parameters.layout.style.rawValue) stays in front of the eye through the move; mark a point with --mark X,Y"
            )
        }
        var samples: [TrackSample] = []
        for (k, r) in zip(kept, read) {
            guard let p = point.position(in: Layout.frame(parameters, offset: r.offset)) else { continue }
            samples.append(TrackSample(time: Double(k) / fps, point: p))
        }
        return Track(
            samples: samples, point: point, mapping: mapping, method: .outline, held: frames.count - kept.count)
    }

    /// The point (a card's corner a tenth in, or its middle) that travels farthest from
    /// `from` to `to` and is placed at every offset of `range` (never behind the eye), on the
    /// stage throughout when one is: a point off the stage, near the eye (a card of an
    /// inverted ring beside the viewer), travels hundreds of points for a small change of
    /// offset and turns a tenth of a pixel read into points of residual nobody sees.
    static func farthestPoint(_ parameters: Parameters, range: ClosedRange<Double>, from: Double, to: Double)
        -> CardPoint?
    {
        farthestPoint(parameters, range: range, from: from, to: to, onStage: true)
            ?? farthestPoint(parameters, range: range, from: from, to: to, onStage: false)
    }

    static func farthestPoint(
        _ parameters: Parameters, range: ClosedRange<Double>, from: Double, to: Double, onStage: Bool
    ) -> CardPoint? {
        let span = (0...16).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / 16 }
        let frames = span.map { Layout.frame(parameters, offset: $0) }
        let start = Layout.frame(parameters, offset: from)
        let end = Layout.frame(parameters, offset: to)
        let (width, height) = (parameters.viewport.width, parameters.viewport.height)
        func placed(_ p: Point?) -> Bool {
            guard let p else { return false }
            return !onStage || (p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height)
        }
        var best: (point: CardPoint, travel: Double)?
        for card in start.cards where card.alpha > 0.5 {
            for (u, v) in [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)] {
                let point = CardPoint(item: card.item, u: u, v: v)
                guard frames.allSatisfy({ placed(point.position(in: $0)) }), let a = point.position(in: start),
                    let b = point.position(in: end)
                else { continue }
                let travel = distance(a, b)
                if best.map({ travel > $0.travel }) ?? true { best = (point, travel) }
            }
        }
        return best.flatMap { $0.travel > 0 ? $0.point : nil }
    }

    /// Whether the clip's cards are flat: the patch a quarter in from the top-left corner of
    /// the nearest card (away from its title) shows under 3 grey levels a pixel of texture
    /// (``cornerness``) in the first frame. A clip of cards with pictures read against
    /// parameters without them (the page's `--live` with a daemon showing no images) keeps
    /// the template tracker.
    static func looksFlat(_ frame: GreyFrame, _ parameters: Parameters, _ from: Double, _ mapping: StageMapping)
        -> Bool
    {
        guard let card = Layout.frame(parameters, offset: from).cards.last(where: { $0.alpha > 0.95 }),
            let p = CardPoint.position(u: 0.25, v: 0.25, on: card)
        else { return true }
        return cornerness(frame, around: mapping.clip((p.x, p.y)), radius: max(2, Int(6 * mapping.scale))) < 3
    }
}
