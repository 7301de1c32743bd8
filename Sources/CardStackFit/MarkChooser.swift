import CardLayout

/// Chooses the points to track when the user marks none: corners of cards, middles of
/// their edges and points inside them, that stay in sight through the whole move (no other
/// card comes over them or their template, unless it moves with it), the farthest travelled
/// first. Which of them shows the tracker something to hold in both directions (a corner,
/// a textured spot of the picture; not the middle of an edge) is read from the clip
/// (`ClipFit.cornerness`); the card that moves farthest gives the fit the most to go on.
public enum MarkChooser {
    /// The points that stay in sight, the farthest travelled first, with their travel in points.
    ///
    /// - Parameters:
    ///   - parameters: the style and pose the clip is read as.
    ///   - from, to: the move's offsets.
    ///   - radius: the template's half side, in points.
    public static func candidates(_ parameters: Parameters, from: Double, to: Double, radius: Double) -> [(
        point: CardPoint, travel: Double
    )] {
        let offsets = (0...8).map { from + (to - from) * Double($0) / 8 }
        let frames = offsets.map { Layout.frame(parameters, offset: $0) }
        var out: [(point: CardPoint, travel: Double)] = []
        for card in frames[0].cards where card.alpha > 0.95 {
            let inset = 0.8 * radius / max(card.scale, 0.05)
            let du = min(inset / card.size.width, 0.5)
            let dv = min(inset / card.size.height, 0.5)
            let corners = [(du, dv), (1 - du, dv), (1 - du, 1 - dv), (du, 1 - dv)]
            let edges = [(0.5, dv), (1 - du, 0.5), (0.5, 1 - dv), (du, 0.5)]
            // Points inside the card too: where no corner stays in sight, a textured spot
            // of the picture holds the template in both directions (the tracker ranks them
            // by how much they show, ClipFit.cornerness).
            let inside = [0.25, 0.5, 0.75].flatMap { u in [0.25, 0.5, 0.75].map { (u, $0) } }
            for (u, v) in corners + edges + inside {
                let point = CardPoint(item: card.item, u: u, v: v)
                guard let travel = travel(of: point, through: frames, radius: radius) else { continue }
                if travel > 0 { out.append((point, travel)) }
            }
        }
        return out.sorted { $0.travel > $1.travel }
    }

    /// How far `point` travels through `frames`, nil when it or its template is hidden in one.
    /// The template may hold another card where that card moves with this one (a carousel's
    /// cards touching edge to edge): the content under the template moves as one.
    static func travel(of point: CardPoint, through frames: [Frame], radius: Double) -> Double? {
        var start: Point?
        var farthest = 0.0
        let probes = [(-radius, 0.0), (radius, 0), (0, -radius), (0, radius)]
        var neighbours: [CardPoint?] = []
        for frame in frames {
            guard let card = frame.cards.first(where: { $0.item == point.item }), card.alpha > 0.95,
                let p = point.position(in: frame)
            else { return nil }
            guard p.x >= 0, p.y >= 0, p.x <= frame.viewport.width, p.y <= frame.viewport.height else { return nil }
            guard CardPoint.topmost(at: p, in: frame)?.card.item == point.item else { return nil }
            for (k, (dx, dy)) in probes.enumerated() {
                let probe = Point(p.x + dx, p.y + dy)
                let top = CardPoint.topmost(at: probe, in: frame)
                if start == nil { neighbours.append(top.flatMap { $0.card.item == point.item ? nil : $0.point }) }
                guard let top, top.card.item != point.item else { continue }
                guard let other = neighbours[k], other.item == top.card.item, let q = other.position(in: frame),
                    distance(q, probe) < 1
                else { return nil }
            }
            if start == nil { start = p }
            farthest = max(farthest, distance(p, start!))
        }
        return farthest
    }
}
