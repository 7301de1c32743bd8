import CardLayout

/// A point fixed on one card: the deck item and where on the card, in unit card coordinates
/// (`u` 0 at the left edge, 1 at the right; `v` 0 at the top, 1 at the bottom).
public struct CardPoint: Sendable, Equatable {
    public var item: Int
    public var u: Double
    public var v: Double

    public init(item: Int, u: Double, v: Double) {
        self.item = item
        self.u = u
        self.v = v
    }

    /// Where the point is drawn in `frame`, in stage points; nil when its card is not in the
    /// frame or the point is behind the eye.
    public func position(in frame: Frame) -> Point? {
        guard let card = frame.cards.first(where: { $0.item == item }) else { return nil }
        return Self.position(u: u, v: v, on: card)
    }

    /// The point (`u`, `v`) of `card` on the stage.
    public static func position(u: Double, v: Double, on card: CardPlacement) -> Point? {
        let x = (u - card.anchor.x) * card.size.width
        let y = (v - card.anchor.y) * card.size.height
        guard let p = card.transform.project(x: x, y: y) else { return nil }
        return Point(card.position.x + p.x, card.position.y + p.y)
    }

    /// The card drawn on top at `point` in `frame` (the highest `z` whose quad holds it, with
    /// some opacity), and where on it; nil over the background.
    public static func topmost(at point: Point, in frame: Frame) -> (card: CardPlacement, point: CardPoint)? {
        for card in frame.cards.sorted(by: { $0.z > $1.z }) where card.alpha > 0.02 {
            guard let quad = card.quad, contains(quad, point) else { continue }
            guard let local = locate(point, on: card) else { continue }
            return (card, CardPoint(item: card.item, u: local.x, v: local.y))
        }
        return nil
    }

    /// The point of the topmost card at `point`, or, over the background, of the card whose
    /// edge is nearest (with `u` or `v` outside 0...1): a path that leaves every card of a
    /// style can still be fitted, and its residual says how badly it fits.
    public static func nearest(to point: Point, in frame: Frame) -> CardPoint? {
        if let top = topmost(at: point, in: frame) { return top.point }
        var best: (point: CardPoint, outside: Double)?
        for card in frame.cards where card.alpha > 0.02 {
            guard let local = locate(point, on: card) else { continue }
            let outside =
                max(0, -local.x, local.x - 1) * card.size.width + max(0, -local.y, local.y - 1) * card.size.height
            if best.map({ outside < $0.outside }) ?? true {
                best = (CardPoint(item: card.item, u: local.x, v: local.y), outside)
            }
        }
        return best?.point
    }

    /// The unit card coordinates of the stage point `point` on `card` (the projection
    /// inverted by a small simplex search, so any transform works).
    static func locate(_ point: Point, on card: CardPlacement) -> Point? {
        let result = NelderMead.minimize(start: [0.5, 0.5], steps: [0.25, 0.25], iterations: 400, tolerance: 1e-16) {
            guard let p = position(u: $0[0], v: $0[1], on: card) else { return .infinity }
            return (p.x - point.x) * (p.x - point.x) + (p.y - point.y) * (p.y - point.y)
        }
        guard result.value < 1e-4 else { return nil }
        return Point(result.point[0], result.point[1])
    }

    /// Whether the convex quad `quad` holds `p` (all edge cross products of one sign).
    static func contains(_ quad: [Point], _ p: Point) -> Bool {
        var sign = 0.0
        for i in 0..<quad.count {
            let a = quad[i]
            let b = quad[(i + 1) % quad.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }
}
