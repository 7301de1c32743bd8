/// The circle reveal (`open`/`close`): a circular mask that grows from a card's centre until
/// it covers the viewport, as a cell opens its detail view, and shrinks back on close.
///
/// FRAME carries it as `reveal: {"item", "center": [x, y], "radius", "progress"}` while it
/// runs and while it is open. `progress` is 0 closed and 1 open (a spring may overshoot);
/// `radius` is `progress` times the distance from the centre to the farthest viewport corner.
public struct Reveal: Sendable, Equatable {
    /// The deck item opened.
    public var item: Int
    /// The item's card centre (the mean of its quad's corners), viewport points.
    public var center: Point
    public var radius: Double
    public var progress: Double

    public init(item: Int, center: Point, radius: Double, progress: Double) {
        self.item = item
        self.center = center
        self.radius = radius
        self.progress = progress
    }

    /// The centre of `item`'s card in `frame`, or nil when it is not drawn (or has no quad).
    public static func center(of item: Int, in frame: Frame) -> Point? {
        guard let quad = frame.cards.last(where: { $0.item == item })?.quad, quad.count == 4 else { return nil }
        return Point(quad.map(\.x).reduce(0, +) / 4, quad.map(\.y).reduce(0, +) / 4)
    }

    /// The distance from `center` to the viewport corner farthest from it: the radius
    /// that covers the whole viewport.
    public static func coveringRadius(from center: Point, width: Double, height: Double) -> Double {
        let dx = max(abs(center.x), abs(width - center.x))
        let dy = max(abs(center.y), abs(height - center.y))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The reveal of `item` at `progress` around `center` in a `frame`'s viewport.
    public static func at(item: Int, center: Point, progress: Double, in frame: Frame) -> Reveal {
        let full = coveringRadius(from: center, width: frame.viewport.width, height: frame.viewport.height)
        return Reveal(item: item, center: center, radius: max(progress, 0) * full, progress: progress)
    }
}

extension Reveal: Codable {
    enum CodingKeys: String, CodingKey { case item, center, radius, progress }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let xy = try c.decode([Double].self, forKey: .center)
        guard xy.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .center, in: c, debugDescription: "expected [x, y]")
        }
        self.init(
            item: try c.decode(Int.self, forKey: .item), center: Point(xy[0], xy[1]),
            radius: try c.decode(Double.self, forKey: .radius), progress: try c.decode(Double.self, forKey: .progress))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(item, forKey: .item)
        try c.encode([center.x, center.y], forKey: .center)
        try c.encode(radius, forKey: .radius)
        try c.encode(progress, forKey: .progress)
    }
}
