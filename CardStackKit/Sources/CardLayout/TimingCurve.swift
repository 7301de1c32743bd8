/// How an animated move's progress follows its time (`animation.curve`).
///
/// - `decelerate`: cardstack's own curve, the fling's exponential slowing onto the target and
///   landing at rest at the end (``Motion/landing(_:)``); deck edits keep iCarousel's ease-in-out cubic
///   (``DeckTransition/ease(_:)``) under it.
/// - `linear`, `easeIn`, `easeOut`, `easeInOut`: Core Animation's named timing functions,
///   cubic Béziers from (0, 0) to (1, 1) with the control points ``controlPoints``.
/// - `bezier`: any such curve, `[x1, y1, x2, y2]` with both x in [0, 1] (CSS's
///   `cubic-bezier()`).
///
/// A pure value, no Foundation: the solver is written out here (``UnitBezier``).
public enum TimingCurve: Sendable, Equatable {
    case decelerate
    case linear
    case easeIn
    case easeOut
    case easeInOut
    case bezier(Double, Double, Double, Double)

    /// The names the parameter file accepts, in the order the README lists them.
    public static let names = ["decelerate", "linear", "ease_in", "ease_out", "ease_in_out"]

    /// The curve called `name` in the parameter file, or nil.
    public init?(name: String) {
        switch name {
        case "decelerate": self = .decelerate
        case "linear": self = .linear
        case "ease_in": self = .easeIn
        case "ease_out": self = .easeOut
        case "ease_in_out": self = .easeInOut
        default: return nil
        }
    }

    /// The file's name for a named curve; nil for a custom Bézier.
    public var name: String? {
        switch self {
        case .decelerate: "decelerate"
        case .linear: "linear"
        case .easeIn: "ease_in"
        case .easeOut: "ease_out"
        case .easeInOut: "ease_in_out"
        case .bezier: nil
        }
    }

    /// The Bézier's control points `[x1, y1, x2, y2]`; nil for `decelerate`.
    public var controlPoints: [Double]? {
        switch self {
        case .decelerate: nil
        case .linear: [0, 0, 1, 1]
        case .easeIn: [0.42, 0, 1, 1]
        case .easeOut: [0, 0, 0.58, 1]
        case .easeInOut: [0.42, 0, 0.58, 1]
        case .bezier(let x1, let y1, let x2, let y2): [x1, y1, x2, y2]
        }
    }

    /// Progress (0 at the start, 1 at the end) at the elapsed fraction `x` of the duration,
    /// for every curve but `decelerate` (which depends on the deceleration: ``Motion``).
    public func value(at x: Double) -> Double {
        let t = min(max(x, 0), 1)
        guard let p = controlPoints else { return t }
        if p == [0, 0, 1, 1] { return t }
        return UnitBezier(p[0], p[1], p[2], p[3]).solve(t)
    }
}

extension TimingCurve: Codable {
    /// A named curve is its name, a custom one its four numbers.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let name {
            try c.encode(name)
        } else {
            try c.encode(controlPoints ?? [])
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let name = try? c.decode(String.self) {
            guard let curve = TimingCurve(name: name) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown curve \(name)")
            }
            self = curve
            return
        }
        let p = try c.decode([Double].self)
        guard p.count == 4 else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a curve is a name or [x1, y1, x2, y2]")
        }
        self = .bezier(p[0], p[1], p[2], p[3])
    }
}

/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as
/// WebKit and Core Animation solve it: find the curve parameter whose x is the time
/// fraction (Newton's method, then bisection when Newton stalls), and return its y.
public struct UnitBezier: Sendable, Equatable {
    // Polynomial coefficients: x(s) = ((ax s + bx) s + cx) s, the same for y.
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    /// How close x(s) must come to the time fraction.
    public static let epsilon = 1e-9

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter whose x is `x` (in [0, 1]).
    public func parameter(for x: Double) -> Double {
        // Newton's method from s = x converges in a few steps on most curves.
        var s = x
        for _ in 0..<8 {
            let error = self.x(s) - x
            if abs(error) < Self.epsilon { return s }
            let slope = dx(s)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        // Bisection: x(s) is monotonic for x1, x2 in [0, 1].
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<100 {
            let value = self.x(s)
            if abs(value - x) < Self.epsilon { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// y at the point of the curve whose x is `x`.
    public func solve(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return y(parameter(for: x))
    }
}
