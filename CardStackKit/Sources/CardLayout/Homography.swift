/// A projective map of the plane (a homography): the 3 × 3 matrix `m`, row by row, with
/// (x′ w, y′ w, w) = m · (x, y, 1). A flat card seen through any perspective is one, fixed by
/// where four points go. The renderer and the terminal viewer cover a card with its image
/// through one (`init(from:to:)`), and `cardstack fit` warps its template with the map of a
/// card's unit square onto its quad (`init(squareTo:)`). The page's `homography.js` holds the
/// same square-to-quad map for the browser (docs/architecture.md, "Features and the files that make them").
///
/// ```swift
/// let h = Homography(squareTo: card.quad!)!    // (u, v) on the card -> the stage
/// let topLeft = h.apply(Point(0, 0))           // card.quad![0]
/// let back = h.inverse.apply(topLeft!)         // (0, 0) again
/// ```
public struct Homography: Sendable, Equatable {
    /// Row-major 3 × 3, defined up to scale (the maps found from points have `m[8]` 1).
    public var m: [Double]

    /// The map with the row-major 3 × 3 matrix `matrix` (nine numbers).
    public init(matrix: [Double]) {
        precondition(matrix.count == 9, "a homography is a 3 × 3 matrix: 9 numbers, not \(matrix.count)")
        m = matrix
    }

    /// The map taking `a[i]` to `b[i]` (four points each), or nil when no projective map does
    /// (three of either on one line): the eight unknowns solved by Gaussian elimination with
    /// partial pivoting.
    public init?(from a: [Point], to b: [Point]) {
        guard a.count == 4, b.count == 4 else { return nil }
        var rows: [[Double]] = []
        for i in 0..<4 {
            let (x, y, u, v) = (a[i].x, a[i].y, b[i].x, b[i].y)
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        for col in 0..<8 {
            guard let pivot = (col..<8).max(by: { abs(rows[$0][col]) < abs(rows[$1][col]) }),
                abs(rows[pivot][col]) > 1e-12
            else { return nil }
            rows.swapAt(col, pivot)
            for r in 0..<8 where r != col {
                let factor = rows[r][col] / rows[col][col]
                if factor != 0 { for c in col...8 { rows[r][c] -= factor * rows[col][c] } }
            }
        }
        m = (0..<8).map { rows[$0][8] / rows[$0][$0] } + [1]
    }

    /// The map from the unit square ((0, 0), (1, 0), (1, 1), (0, 1)) onto `quad`, corner by
    /// corner (a card's `CardPlacement.quad`: top left, top right, bottom right, bottom left),
    /// in closed form (Heckbert's square-to-quad); nil unless `quad` has four corners that fix
    /// one.
    public init?(squareTo quad: [Point]) {
        guard quad.count == 4 else { return nil }
        let (p0, p1, p2, p3) = (quad[0], quad[1], quad[2], quad[3])
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

    /// Where the map takes `p`; nil at the horizon (the line it sends to infinity).
    public func apply(_ p: Point) -> Point? {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The inverse map: the adjugate of `m` (a homography is defined up to scale, so the
    /// determinant is not divided out).
    public var inverse: Homography {
        let a = m
        return Homography(matrix: [
            a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ])
    }

    /// `self` after `other`: p ↦ self(other(p)).
    public func after(_ other: Homography) -> Homography {
        var out = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 { out[r * 3 + c] = (0..<3).reduce(0) { $0 + m[r * 3 + $1] * other.m[$1 * 3 + c] } }
        }
        return Homography(matrix: out)
    }
}
