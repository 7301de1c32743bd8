import CardLayout

/// Where a card's own points land on screen: the page's layer model. A point `(u, v)` of the
/// card's box (0...width, 0...height, y down) is moved to the anchor, through the frame's
/// `transform` (with its perspective divide) and then to `position`, exactly as
/// ``CardPlacement`` projects the four corners of its `quad`. Straight lines stay straight;
/// curves (the rounded corners, the title's letters) are flattened first and each point
/// mapped, so they are drawn in perspective.
public struct CardGeometry: Sendable {
    public let card: CardPlacement

    public init(_ card: CardPlacement) { self.card = card }

    /// The viewport point of the card's own point `(u, v)`, or nil behind the eye.
    public func project(_ u: Double, _ v: Double) -> Point? {
        let x = u - card.anchor.x * card.size.width
        let y = v - card.anchor.y * card.size.height
        guard let p = card.transform.project(x: x, y: y) else { return nil }
        return Point(card.position.x + p.x, card.position.y + p.y)
    }

    /// The card's outline in its own coordinates: a rectangle with corners rounded by
    /// `radius` (at most half the shorter side), clockwise from the top edge, each corner's
    /// quarter circle in `segments` straight pieces.
    public static func roundedRect(width: Double, height: Double, radius: Double, segments: Int = 12) -> [Point] {
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0 else { return [Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)] }
        // Corner centres and the angle each quarter starts at (y down: clockwise).
        let corners: [(Double, Double, Double)] = [
            (width - r, r, -Double.pi / 2), (width - r, height - r, 0),
            (r, height - r, Double.pi / 2), (r, r, Double.pi),
        ]
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        for (cx, cy, start) in corners {
            for k in 0...segments {
                let a = start + Double(k) / Double(segments) * Double.pi / 2
                points.append(Point(cx + r * cos(a), cy + r * sin(a)))
            }
        }
        return points
    }

    /// The same outline moved `by` points inward (the page's 1 pt inner edge).
    public static func inset(width: Double, height: Double, radius: Double, by d: Double, segments: Int = 12) -> [Point]
    {
        roundedRect(width: width - 2 * d, height: height - 2 * d, radius: max(radius - d, 0), segments: segments)
            .map { Point($0.x + d, $0.y + d) }
    }

    /// The centre of a quad (the mean of its corners), where the page's reveal starts.
    public static func centre(_ quad: [Point]) -> Point {
        Point(quad.map(\.x).reduce(0, +) / Double(quad.count), quad.map(\.y).reduce(0, +) / Double(quad.count))
    }
}

#if canImport(Glibc)
    import Glibc
#endif
