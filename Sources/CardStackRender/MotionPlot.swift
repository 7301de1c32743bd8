import CardLayout

/// What `cardstack plot` draws: the front offset of every recorded frame over time, its
/// velocity, and what a reviewer reads off a curve — how far it overshoots and when it
/// settles — with the motion's parameters.
///
/// The transition is the recording's: from the first frame's offset to the last one's.
/// Velocity is the central difference of neighbouring frames (one-sided at the ends), in
/// points per second. Settling is entering, for good, the band of ±1 % of the distance
/// travelled around the final offset, counted from the last frame before the offset first
/// changed.
public struct MotionPlot: Sendable {
    /// The daemon's times of the frames (seconds) and their offsets (points).
    public var times: [Double]
    public var offsets: [Double]
    /// Points per second at each frame.
    public var velocities: [Double]
    /// Index of the last frame before the motion, or nil when the offset never changes.
    public var motionStart: Int?
    /// The largest excursion past the final offset: points, percent of the distance, frame.
    public var overshoot: (points: Double, percent: Double, frame: Int)?
    /// The frame from which the offset stays within the band, and seconds from `motionStart`.
    public var settle: (frame: Int, seconds: Double)?
    /// The legend's lines: the motion's parameters (or that they were not recorded).
    public var legend: [String]

    /// The settling band, as a fraction of the distance travelled.
    public static let settleBand = 0.01

    public init(_ recorded: RecordedFrames) {
        times = recorded.times
        offsets = recorded.frames.map(\.offset)
        velocities = Self.velocities(times: times, offsets: offsets)
        legend = Self.legend(recorded.params)
        guard let first = offsets.first, let final = offsets.last,
            let moved = offsets.firstIndex(where: { $0 != first })
        else { return }
        motionStart = moved - 1
        let distance = final - first
        guard distance != 0 else { return }
        let direction: Double = distance > 0 ? 1 : -1
        var worst = 0.0
        for (i, x) in offsets.enumerated() where (x - final) * direction > worst {
            worst = (x - final) * direction
            overshoot = (worst, 100 * worst / abs(distance), i)
        }
        let band = Self.settleBand * abs(distance)
        var from = offsets.count - 1
        while from > 0, abs(offsets[from - 1] - final) <= band { from -= 1 }
        settle = (from, times[from] - times[moved - 1])
    }

    static func velocities(times: [Double], offsets: [Double]) -> [Double] {
        guard offsets.count > 1 else { return offsets.map { _ in 0 } }
        return offsets.indices.map { i in
            let a = max(i - 1, 0)
            let b = min(i + 1, offsets.count - 1)
            let dt = times[b] - times[a]
            // Frames less than a nanosecond apart (a hand-made recording) have no speed to
            // plot: dividing by the gap would overflow to infinity.
            return dt > 1e-9 ? (offsets[b] - offsets[a]) / dt : 0
        }
    }

    /// The parameters that shape the motion, one line each.
    static func legend(_ params: Parameters?) -> [String] {
        guard let params else {
            return ["parameters not recorded (record with params events: cardstack record FILE)"]
        }
        let a = params.animation
        var lines = ["\(params.layout.style.rawValue), spacing \(number(params.layout.spacing)) pt, \(a.fps) fps"]
        if let spring = a.spring {
            let w = spring.angularFrequency
            lines.append(
                "spring: damping ratio \(number(spring.dampingRatio)), response \(number(spring.response)) s "
                    + "(stiffness \(number(w * w)), damping \(number(2 * spring.dampingRatio * w)), mass 1)")
        } else if let points = a.curve.controlPoints {
            let name = a.curve.name.map { "\($0) = " } ?? ""
            lines.append(
                "curve: \(name)cubic-bezier(\(points.map(number).joined(separator: ", "))), duration \(number(a.duration)) s"
            )
        } else {
            lines.append("curve: decelerate (lands at rest), duration \(number(a.duration)) s")
        }
        if a.slowdown != 1 { lines[lines.count - 1] += ", slowdown ×\(number(a.slowdown))" }
        return lines
    }

    /// Up to four decimals, no trailing zeros.
    public static func number(_ x: Double) -> String {
        let scaled = (x * 10_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return String(x) }
        let whole = Int(scaled)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / 10_000)" + (fraction.isEmpty ? "" : ".\(fraction)")
    }
}
