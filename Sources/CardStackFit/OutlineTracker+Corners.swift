import CardLayout

extension OutlineTracker {
    /// The corner radius every client draws when the look leaves `card.corner_radius` out
    /// (CardLook.cornerRadius, the page's `border-radius: 12px`).
    static let defaultCornerRadius = 12.0

    /// Points along the four rounded corners of `card` on the stage, about `step` points
    /// apart: each quarter circle of the look's radius, carried through the card's transform
    /// (so a card turned in depth gets its corners foreshortened). None when the look draws
    /// square corners or the card is too small for its radius to show.
    func cornerArcs(_ card: CardPlacement, step: Double) -> [Point] {
        let width = card.size.width
        let height = card.size.height
        let radius = min(parameters.card.cornerRadius ?? Self.defaultCornerRadius, width / 2, height / 2)
        guard radius > 0, width > 0, height > 0 else { return [] }
        let drawnRadius = radius * max(card.scale, 1e-3)
        let n = max(2, min(32, Int((Double.pi / 2 * drawnRadius / step).rounded(.up))))
        // Each corner's centre of curvature, in card points, and the directions (y down) from
        // it to the arc's ends: the top-left arc runs from the left edge to the top edge.
        let corners: [(x: Double, y: Double, a: (Double, Double), b: (Double, Double))] = [
            (radius, radius, (-1, 0), (0, -1)), (width - radius, radius, (0, -1), (1, 0)),
            (width - radius, height - radius, (1, 0), (0, 1)), (radius, height - radius, (0, 1), (-1, 0)),
        ]
        var out: [Point] = []
        out.reserveCapacity(4 * (n + 1))
        for c in corners {
            for k in 0...n {
                // The quarter circle without trigonometry: (1 − t², 2t) / (1 + t²) runs from
                // a to b as t goes from 0 to 1, its points at most twice as far apart at one
                // end as at the other.
                let t = Double(k) / Double(n)
                let ca = (1 - t * t) / (1 + t * t)
                let cb = 2 * t / (1 + t * t)
                let u = (c.x + radius * (ca * c.a.0 + cb * c.b.0)) / width
                let v = (c.y + radius * (ca * c.a.1 + cb * c.b.1)) / height
                if let p = CardPoint.position(u: u, v: v, on: card) { out.append(p) }
            }
        }
        return out
    }
}
