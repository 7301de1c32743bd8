import CardLayout

/// A clip's frames fitted as one move: the stage found in the clip, a point tracked through
/// it, and the motion fitted to its path (``MotionFit``).
///
/// The clip may be the stage scaled and moved inside a larger picture: the stage's place and
/// scale come from `mapping` when given, else from the padding around it in the first
/// frame (``StageMapping/find(in:viewport:)``); they are not fitted with the motion, since
/// a point's path alone cannot tell a larger scale from a point farther down its card.
public struct ClipFit: Sendable {
    public var frames: [GreyFrame]
    /// Frames per second of the clip.
    public var fps: Double
    public var parameters: Parameters
    public var from: Double
    public var to: Double
    /// Where the user marked the point to track, in clip pixels, and in which frame.
    public var mark: (x: Double, y: Double, frame: Int)?
    public var mapping: StageMapping?

    /// What the clip gave: the tracked samples on the stage, the point on its card, the
    /// mapping, how the point was followed and how many held frames were left out.
    public struct Track: Sendable {
        public var samples: [TrackSample]
        public var point: CardPoint
        public var mapping: StageMapping
        public var method: Method = .template
        public var held = 0
    }

    /// How the point was followed.
    public enum Method: String, Sendable {
        /// The patch around a chosen point (textured cards).
        case template
        /// The patch around the user's `--mark`.
        case mark
        /// The offset read from the cards' outlines each frame (flat cards, ``OutlineTracker``).
        case outline
    }

    public init(frames: [GreyFrame], fps: Double, parameters: Parameters, from: Double, to: Double) {
        self.frames = frames
        self.fps = fps
        self.parameters = parameters
        self.from = from
        self.to = to
    }

    /// Finds the stage, checks there is motion, and tracks the marked (or chosen) point.
    public func track() throws(FitError) -> Track {
        guard frames.count >= 2 else {
            throw FitError(
                "the clip has \(frames.count) frame\(frames.count == 1 ? "" : "s"); a move needs at least two")
        }
        let change = frames.dropFirst().map { Self.meanDifference(frames[0], $0) }.max() ?? 0
        guard change >= 0.5 else {
            throw FitError(
                "the clip does not move: its \(frames.count) frames differ from the first by at most \(rounded(change, 1000)) grey levels on average"
            )
        }
        let viewport = (parameters.viewport.width, parameters.viewport.height)
        guard
            let mapping = mapping ?? StageMapping.find(in: frames[0], viewport: viewport)
                ?? StageMapping.whole(frames[0], viewport: viewport)
        else {
            throw FitError(
                "cannot find the \(Int(viewport.0))×\(Int(viewport.1)) pt stage in the clip's first frame: no padding of its own colour around it, and the \(frames[0].width)×\(frames[0].height) picture is not of the stage's proportions; give where it is with --stage X,Y,SCALE (the page: line the reference up on the phone)"
            )
        }
        let held = Self.heldFrames(frames)
        let kept = (0..<frames.count).filter { !held.contains($0) }
        // Flat cards (no pictures, and none in the clip) show the tracker nothing to hold
        // but their outlines.
        if mark == nil, parameters.card.images?.isEmpty ?? true, Self.looksFlat(frames[0], parameters, from, mapping) {
            return try outlineTrack(mapping, kept: kept)
        }
        // The template's half side, in points: 12 where the cards show that much of
        // themselves through the move (a carousel), else 5 (a stack shows a 10 pt strip of
        // the cards behind). A larger template holds its place better in a noisy clip.
        // A marked point gets 8.
        var radius = 8.0
        var corners: [(point: CardPoint, travel: Double)] = []
        if mark == nil {
            radius = 12
            corners = MarkChooser.candidates(parameters, from: from, to: to, radius: radius)
            if corners.isEmpty {
                radius = 5
                corners = MarkChooser.candidates(parameters, from: from, to: to, radius: radius)
            }
        }
        // At most 16 and 32 working pixels (the working frames are at most 400 across): a
        // larger stage than the clip would otherwise make every match cost without end.
        let tracker = TemplateTracker(
            radius: min(16, max(3, Int((radius * mapping.scale).rounded()))),
            reach: min(32, max(8, Int((24 * mapping.scale).rounded()))))
        var path: [(x: Double, y: Double)]
        if let mark {
            guard mark.frame >= 0, mark.frame < frames.count else {
                throw FitError("--mark names frame \(mark.frame); the clip has frames 0 to \(frames.count - 1)")
            }
            let forward = tracker.track(Array(frames[mark.frame...]), from: (mark.x, mark.y))
            let backward = tracker.track(frames[...mark.frame].reversed(), from: (mark.x, mark.y))
            path = backward.reversed() + forward.dropFirst()
        } else {
            let start = Layout.frame(parameters, offset: from)
            // The point that travels farthest, weighed by how well its template holds in its
            // weaker direction: the middle of an edge lets the template slide along the edge,
            // a flat patch anywhere. Its template then turns with the card (`warp`).
            let ranked = corners.compactMap {
                candidate -> (point: (clip: (x: Double, y: Double), card: CardPoint), score: Double)? in
                guard let p = candidate.point.position(in: start) else { return nil }
                let q = mapping.clip((p.x, p.y))
                let contrast = Self.cornerness(frames[0], around: q, radius: tracker.radius)
                return ((q, candidate.point), candidate.travel * min(1, contrast / 6))
            }
            guard let chosen = ranked.max(by: { $0.score < $1.score }) else {
                // No point stays in sight (a switcher's cards slide under one another): the
                // cards' outlines, pictures or not, still say where the deck is.
                if let outlines = try? outlineTrack(mapping, kept: kept) { return outlines }
                throw FitError(
                    "no card corner of style \(parameters.layout.style.rawValue) stays in sight through the move; mark a point with --mark X,Y"
                )
            }
            path = tracker.track(
                frames, from: chosen.point.clip,
                warp: Self.warp(chosen.point.card, parameters, from: from, to: to, mapping, frames[0], tracker.radius))
        }
        let samples = kept.map { k in
            let s = mapping.stage(path[k].x, path[k].y)
            return TrackSample(time: Double(k) / fps, point: Point(s.x, s.y))
        }
        let first = Layout.frame(parameters, offset: from)
        guard let located = CardPoint.nearest(to: samples[0].point, in: first) else {
            let p = samples[0].point
            throw FitError(
                "the tracked point (\(rounded(p.x)), \(rounded(p.y))) pt is near no card of style \(parameters.layout.style.rawValue) at offset \(from)"
            )
        }
        return Track(
            samples: samples, point: located, mapping: mapping, method: mark == nil ? .template : .mark,
            held: held.count)
    }

    /// How well the square of `radius` around `p` holds a template in its weaker direction:
    /// the smaller eigenvalue of the structure tensor (the sums of the grey gradients'
    /// products, as in Harris's and Shi and Tomasi's corner detectors), as a root mean
    /// square gradient in grey levels per pixel. An edge is strong across and zero along
    /// itself, where a template slides; a corner or a textured spot is strong both ways.
    static func cornerness(_ frame: GreyFrame, around p: (x: Double, y: Double), radius: Int) -> Double {
        var (xx, xy, yy) = (0.0, 0.0, 0.0)
        for dy in -radius...radius {
            for dx in -radius...radius {
                let x = p.x + Double(dx)
                let y = p.y + Double(dy)
                let gx = (frame.sample(x + 1, y) - frame.sample(x - 1, y)) / 2
                let gy = (frame.sample(x, y + 1) - frame.sample(x, y - 1)) / 2
                xx += gx * gx
                xy += gx * gy
                yy += gy * gy
            }
        }
        let weaker = (xx + yy) / 2 - (((xx - yy) / 2) * ((xx - yy) / 2) + xy * xy).squareRoot()
        return (max(weaker, 0) / Double((2 * radius + 1) * (2 * radius + 1))).squareRoot()
    }

    /// The mean absolute grey difference of two frames.
    static func meanDifference(_ a: GreyFrame, _ b: GreyFrame) -> Double {
        var sum = 0
        for i in 0..<min(a.pixels.count, b.pixels.count) { sum += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(sum) / Double(max(a.pixels.count, 1))
    }
}
