import CardLayout

/// Reads the offset each frame of a clip shows by lining the layout's card outlines up with
/// the clip's edges: for a candidate offset the visible parts of every card's four edges
/// and rounded corners (those no nearer card covers) are placed on the clip through the
/// stage mapping, and the clip's edge strength along them is summed; the offset with the
/// strongest outline wins, searched near where the last frames predict it (docs/fit.md,
/// "Flat cards").
///
/// Flat cards (the default look: one colour each, a title) show a template tracker nothing
/// it can hold: a corner of one card looks like the corner of the card behind it, and the
/// tracked point jumps between them. Their outlines, all of them at once, say where the
/// whole deck is.
struct OutlineTracker: Sendable {
    var parameters: Parameters
    var mapping: StageMapping
    var from: Double
    var to: Double

    /// The clip's edge strength: the grey gradient's magnitude, averaged over 3 × 3 pixels
    /// so that an outline a pixel off still reads part of its edge.
    struct Edges: Sendable {
        var width: Int
        var height: Int
        var values: [Float]

        init(_ frame: GreyFrame) {
            width = frame.width
            height = frame.height
            var raw = [Float](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let gx = frame.at(x + 1, y) - frame.at(x - 1, y)
                    let gy = frame.at(x, y + 1) - frame.at(x, y - 1)
                    raw[y * width + x] = Float((gx * gx + gy * gy).squareRoot() / 2)
                }
            }
            values = raw
            for y in 0..<height {
                for x in 0..<width {
                    var sum: Float = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let yy = min(max(y + dy, 0), height - 1)
                            let xx = min(max(x + dx, 0), width - 1)
                            sum += raw[yy * width + xx]
                        }
                    }
                    values[y * width + x] = sum / 9
                }
            }
        }

        /// The edge strength at a point between pixels (bilinear); 0 outside the frame.
        func sample(_ x: Double, _ y: Double) -> Double {
            guard x >= 0, y >= 0, x <= Double(width - 1), y <= Double(height - 1) else { return 0 }
            let x0 = min(Int(x), width - 2 < 0 ? 0 : width - 2)
            let y0 = min(Int(y), height - 2 < 0 ? 0 : height - 2)
            let fx = x - Double(x0)
            let fy = y - Double(y0)
            let x1 = min(x0 + 1, width - 1)
            let y1 = min(y0 + 1, height - 1)
            let top = Double(values[y0 * width + x0]) * (1 - fx) + Double(values[y0 * width + x1]) * fx
            let bottom = Double(values[y1 * width + x0]) * (1 - fx) + Double(values[y1 * width + x1]) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    /// The offsets the move may show: from `from` to `to` with 30 % either side for an
    /// overshoot.
    var range: ClosedRange<Double> {
        let reach = 0.3 * abs(to - from)
        return (min(from, to) - reach)...(max(from, to) + reach)
    }

    /// What the search maximises: the edge strength along the outlines the layout draws at
    /// `offset`, summed over points 2 pixels apart, each less ``floor``. A sum, not a mean: a
    /// mean prefers an offset that hides the faint edges (two cards of a like grey side by
    /// side) and shows only the strong ones; an outline drawn where the clip has no edge
    /// costs a little, one the clip shows and the layout leaves out gains nothing.
    func score(_ offset: Double, _ edges: Edges) -> Double {
        let read = outline(offset, edges)
        return read.sum - Self.floor * Double(read.count)
    }

    /// The grey levels a pixel of edge strength a clip's flat areas show (noise, blur).
    static let floor = 2.0

    /// The mean edge strength along the outlines at `offset`: how well they are found.
    func strength(_ offset: Double, _ edges: Edges) -> Double {
        let read = outline(offset, edges)
        return read.count >= 8 ? read.sum / Double(read.count) : 0
    }

    /// The edge strength summed along the visible outlines at `offset`, and the points read.
    func outline(_ offset: Double, _ edges: Edges) -> (sum: Double, count: Int) {
        cards(offset, edges).reduce((0, 0)) { ($0.0 + $1.sum, $0.1 + $1.count) }
    }

    /// The edge strength summed along each drawn card's visible outline at `offset`, and
    /// the points read, back to front.
    func cards(_ offset: Double, _ edges: Edges) -> [(item: Int, sum: Double, count: Int)] {
        let frame = Layout.frame(parameters, offset: offset)
        // The cards drawn: some opacity, their front to the viewer (a back past 90° is not
        // drawn unless the look says so, and then it is the card's own outline anyway).
        let drawn = frame.cards.filter { $0.alpha > 0.5 && $0.quad != nil }
        let step = 2 / mapping.scale
        let margin = 1.5 / mapping.scale
        var sum = 0.0
        var count = 0
        var out: [(item: Int, sum: Double, count: Int)] = []
        for (i, card) in drawn.enumerated() {
            (sum, count) = (0, 0)
            defer { out.append((card.item, sum, count)) }
            let quad = card.quad!
            let above = drawn[(i + 1)...].compactMap(\.quad)
            for e in 0..<4 {
                let a = quad[e]
                let b = quad[(e + 1) % 4]
                let length = distance(a, b)
                // The straight part of the edge: a tenth at either end is left for the
                // rounded corners.
                let n = Int(length * 0.8 / step)
                guard n >= 2 else { continue }
                for k in 0...n {
                    let t = 0.1 + 0.8 * Double(k) / Double(n)
                    read(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), above)
                }
            }
            // The rounded corners: where cards touch edge to edge in like greys (a linear
            // row), the notches of background between their corners are what shows where
            // one card ends.
            for p in cornerArcs(card, step: step) { read(p, above) }
        }
        return out

        func read(_ p: Point, _ above: [[Point]]) {
            guard p.x >= margin, p.y >= margin, p.x <= frame.viewport.width - margin,
                p.y <= frame.viewport.height - margin
            else { return }
            if above.contains(where: { Self.inside($0, p, margin: margin) }) { return }
            // A pixel's grey is its middle's: the clip's point x lies between pixels
            // x - 1 and x, at x - 0.5 in their numbering.
            let q = mapping.clip((p.x, p.y))
            sum += edges.sample(q.x - 0.5, q.y - 0.5)
            count += 1
        }
    }

    /// Whether `p` lies inside the convex `quad` by at least `margin` (either winding).
    static func inside(_ quad: [Point], _ p: Point, margin: Double) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = quad[i]
            let b = quad[(i + 1) % 4]
            let length = distance(a, b)
            guard length > 1e-9 else { continue }
            let cross = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length
            if abs(cross) < margin { return false }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return sign != 0
    }

    /// Clip pixels a card corner moves, at most, per unit of offset over the move: the
    /// search's grid is half a pixel of that apart, so no outline's peak (a pixel or two
    /// wide) falls between its points.
    var pixelsPerOffset: Double {
        let a = Layout.frame(parameters, offset: from)
        let b = Layout.frame(parameters, offset: to)
        var most = 0.0
        for card in a.cards {
            guard let p = card.quad, let q = b.cards.first(where: { $0.item == card.item })?.quad else { continue }
            for i in 0..<4 { most = max(most, distance(p[i], q[i])) }
        }
        return max(most / max(abs(to - from), 1e-9), 1e-3) * mapping.scale
    }

    /// The offset of the strongest outline in `window` around `centre` (within ``range``):
    /// a grid half a pixel of card motion apart (at most 241 offsets), then a golden-section
    /// search between the best one's neighbours.
    func best(_ edges: Edges, around centre: Double, window: Double, pixelsPerOffset ppo: Double) -> (
        offset: Double, score: Double
    ) {
        let lo = max(range.lowerBound, centre - window)
        let hi = min(range.upperBound, centre + window)
        guard hi > lo else { return (lo, score(lo, edges)) }
        let grid = min(241, max(9, Int(((hi - lo) * ppo / 0.5).rounded(.up)) + 1))
        let step = (hi - lo) / Double(grid - 1)
        var top = (offset: lo, score: -Double.infinity)
        for j in 0..<grid {
            let o = lo + step * Double(j)
            let s = score(o, edges)
            // Ties go to the offset nearest the prediction: a deck that does not wrap holds
            // its end card still past its end, where every offset draws the same.
            if s > top.score || (s == top.score && abs(o - centre) < abs(top.offset - centre)) { top = (o, s) }
        }
        var a = max(lo, top.offset - step)
        var b = min(hi, top.offset + step)
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a)
        var d = a + ratio * (b - a)
        var sc = score(c, edges)
        var sd = score(d, edges)
        for _ in 0..<14 {
            if sc > sd {
                b = d
                d = c
                sd = sc
                c = b - ratio * (b - a)
                sc = score(c, edges)
            } else {
                a = c
                c = d
                sc = sd
                d = a + ratio * (b - a)
                sd = score(d, edges)
            }
        }
        let refined = sc > sd ? (c, sc) : (d, sd)
        return refined.1 >= top.score ? refined : top
    }

    /// The offset of each frame at `indices` (whole frame numbers, in order), each searched
    /// near the place the two frames before predict at its own frame number: within twice
    /// the distance the last frames moved in that time and 8 pixels more, and never more
    /// than 30 % of the move (less than half a step, so a stack's next card, which looks
    /// like this one a step on, is not taken for it); the first within that 30 % of `from`,
    /// where the move starts.
    func offsets(_ frames: [GreyFrame], at indices: [Int]) -> [(offset: Double, strength: Double)] {
        var out: [(offset: Double, strength: Double)] = []
        let widest = max(0.3 * abs(to - from), 1e-6)
        let ppo = pixelsPerOffset
        let slack = 8 / ppo
        for (n, index) in indices.enumerated() {
            let edges = Edges(frames[index])
            if n == 0 {
                let found = best(edges, around: from, window: widest, pixelsPerOffset: ppo).offset
                out.append((found, strength(found, edges)))
                continue
            }
            var predicted = out[n - 1].offset
            var window = slack
            if n >= 2 {
                let elapsed = Double(index - indices[n - 1])
                let perFrame = (out[n - 1].offset - out[n - 2].offset) / Double(indices[n - 1] - indices[n - 2])
                predicted += perFrame * elapsed
                window += 2 * abs(perFrame) * elapsed
            } else {
                window = widest
            }
            let found = best(edges, around: predicted, window: min(window, widest), pixelsPerOffset: ppo).offset
            out.append((found, strength(found, edges)))
        }
        return out
    }
}
