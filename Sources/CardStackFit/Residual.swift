import CardLayout

/// How far a fit's model lies from the reference: the mean and the largest distance over the
/// points used, in points.
public struct Residual: Sendable, Equatable, Codable {
    public var mean: Double
    public var worst: Double

    public init(mean: Double, worst: Double) {
        self.mean = mean
        self.worst = worst
    }

    /// The residual of the distances `d`.
    public init(distances d: [Double]) {
        mean = d.isEmpty ? 0 : d.reduce(0, +) / Double(d.count)
        worst = d.max() ?? 0
    }
}

/// One tracked position of a point on a card: `time` seconds from the clip's first frame,
/// `point` in stage points (y down).
public struct TrackSample: Sendable, Equatable {
    public var time: Double
    public var point: Point

    public init(time: Double, point: Point) {
        self.time = time
        self.point = point
    }
}

/// What a fit could not do, as a sentence for the user.
public struct FitError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
