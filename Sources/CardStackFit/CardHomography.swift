import CardLayout

/// The projective map from a card's unit square (`u`, `v`) to the stage at one offset: a
/// flat card seen through any perspective is a homography, found from where its four
/// corners are drawn (Heckbert's square-to-quad). The tracker warps its template with it
/// so the template turns in depth with the card (docs/fit.md, "Tracking").
struct CardHomography: Sendable {
    /// Row-major 3 × 3: (x, y, w) = m · (u, v, 1).
    var m: [Double]

    /// The homography of `card`; nil when a corner is behind the eye.
    init?(_ card: CardPlacement) {
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map {
            CardPoint.position(u: $0.0, v: $0.1, on: card)
        }
        guard let p0 = corners[0], let p1 = corners[1], let p2 = corners[2], let p3 = corners[3] else { return nil }
        let sx = p0.x - p1.x + p2.x - p3.x
        let sy = p0.y - p1.y + p2.y - p3.y
        let dx1 = p1.x - p2.x
        let dx2 = p3.x - p2.x
        let dy1 = p1.y - p2.y
        let dy2 = p3.y - p2.y
        let det = dx1 * dy2 - dx2 * dy1
        guard det != 0 else { return nil }
        let g = (sx * dy2 - dx2 * sy) / det
        let h = (dx1 * sy - sx * dy1) / det
        m = [
            p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
            p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y,
            g, h, 1,
        ]
    }

    init(matrix: [Double]) { m = matrix }

    /// The image of (`x`, `y`); nil at infinity.
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = m[6] * x + m[7] * y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The inverse map (the adjugate: a homography is defined up to scale).
    var inverse: CardHomography {
        let a = m
        return CardHomography(matrix: [
            a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ])
    }

    /// `self` after `other`: x ↦ self(other(x)).
    func after(_ other: CardHomography) -> CardHomography {
        var out = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 { out[r * 3 + c] = (0..<3).reduce(0) { $0 + m[r * 3 + $1] * other.m[$1 * 3 + c] } }
        }
        return CardHomography(matrix: out)
    }
}
