import CardLayout

/// What `cardstack plot` draws: one transition of a recording (``MotionSeries``: from the
/// move's first frame, offsets unwrapped across the deck's wrap), the front offset of each
/// of its frames over time, each interval's velocity and where it jumps, and what a
/// reviewer reads off a curve — how far it overshoots and when it settles — with the
/// motion's parameters.
///
/// Settling is entering, for good, the band of ±1 % of the distance travelled around the
/// final offset, counted from the move's first frame.
public struct MotionPlot: Sendable {
    /// The daemon's times of the frames (seconds) and their unwrapped offsets (points).
    public var times: [Double]
    public var offsets: [Double]
    /// Each interval's velocity (points/s), at the time of the frame that ends it
    /// (`velocities[i]` at `times[i + 1]`).
    public var velocities: [Double]
    /// The times where the velocity jumps.
    public var jumps: [Double]
    /// Which transition of the recording this is (0-based), of how many.
    public var transition: (index: Int, count: Int)
    /// The deck's period the offsets were unwrapped by (nil: it does not wrap, or the
    /// recording has no parameters).
    public var period: Double?
    /// Index of the move's first frame, or nil when the offset never changes.
    public var motionStart: Int?
    /// The largest excursion past the final offset: points, percent of the distance, frame.
    public var overshoot: (points: Double, percent: Double, frame: Int)?
    /// The frame from which the offset stays within the band, and seconds from `motionStart`.
    public var settle: (frame: Int, seconds: Double)?
    /// The legend's lines: the motion's parameters (or that they were not recorded).
    public var legend: [String]

    /// The settling band, as a fraction of the distance travelled.
    public static let settleBand = 0.01

    /// The plot of `recorded`'s transition number `choice` (0-based; negative counts from
    /// the end), its last by default; all its frames when nothing moves in it.
    public init(_ recorded: RecordedFrames, transition choice: Int = -1) throws(RenderError) {
        let raw = recorded.frames.map(\.offset)
        let runs = MotionSeries.transitions(times: recorded.frameTimes, offsets: raw, moves: recorded.moves)
        period = MotionSeries.period(recorded.params)
        legend = Self.legend(recorded.params)
        var range = 0..<recorded.frameTimes.count
        if !runs.isEmpty {
            let index = choice < 0 ? runs.count + choice : choice
            guard runs.indices.contains(index) else {
                throw RenderError(
                    "--transition \(choice + (choice < 0 ? 0 : 1)): the recording has \(runs.count) transition\(runs.count == 1 ? "" : "s") (1 to \(runs.count))"
                )
            }
            range = runs[index]
            transition = (index, runs.count)
        } else {
            transition = (0, 0)
        }
        let series = MotionSeries(
            times: Array(recorded.frameTimes[range]), offsets: Array(raw[range]), period: period)
        times = series.times
        offsets = series.offsets
        velocities = series.velocities
        jumps = series.jumps
        guard let first = offsets.first, let final = offsets.last, offsets.contains(where: { $0 != first }) else {
            return
        }
        motionStart = 0
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
        settle = (from, times[from] - times[0])
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
            lines.append("curve: decelerate (deceleration \(number(a.deceleration))), duration \(number(a.duration)) s")
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
