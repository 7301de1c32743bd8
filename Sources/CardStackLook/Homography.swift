import CardLayout

/// The projective map of the plane taking four points onto four others: a 3 × 3 matrix,
/// row by row, its last entry 1 (solved by Gaussian elimination with partial pivoting).
public struct Homography: Sendable, Equatable {
    public var m: [Double]

    /// The map taking `a[i]` to `b[i]` (four points each), or nil when no projective map does.
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

    /// Where the map takes `p`; nil at the horizon.
    public func apply(_ p: Point) -> Point? {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }
}
