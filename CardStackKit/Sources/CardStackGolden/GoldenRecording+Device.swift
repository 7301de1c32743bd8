import CardLayout

/// A device trace held against a golden's motion: the hitches, Apple's hitch time ratio,
/// the largest deviation from the golden's offset at each frame's time and the start latency
/// (`cardstack verify --device`, docs/tuning.md, "Device traces").
public struct DeviceReport: Sendable {
    /// The trace and the golden, for messages.
    public var trace: String
    public var golden: String
    /// The trace's frames and its refresh (its median duration), seconds.
    public var frames: Int
    public var cadence: Double
    /// Seconds of motion the trace covers.
    public var span: Double
    public var hitches: [DeviceTrace.Hitch]
    /// Milliseconds of hitch per second of motion, and Apple's band for it.
    public var hitchTimeRatio: Double
    public var band: DeviceTrace.Band
    /// The largest |drawn − golden| in points, and the frame it was at.
    public var largestDeviation: Double
    public var deviationFrame: DeviceTrace.Frame
    /// The golden's offset at that frame's time.
    public var expected: Double
    /// Seconds from the golden's move start (its first `motion.start`) to the trace's first
    /// frame off the offset the move starts from (by more than 0.001 pt); nil when either
    /// never moves.
    public var startLatency: Double?
    public var tolerance: Double

    /// No hitch, and every frame within the tolerance.
    public var passed: Bool { hitches.isEmpty && largestDeviation <= tolerance }

    /// The verdict first, then the numbers.
    public var message: String {
        var faults: [String] = []
        if !hitches.isEmpty { faults.append("\(hitches.count) hitch\(hitches.count == 1 ? "" : "es")") }
        if largestDeviation > tolerance { faults.append("off the motion by \(points(largestDeviation)) pt") }
        let verdict = faults.isEmpty ? "clean" : faults.joined(separator: ", ")
        var lines = ["\(trace) against \(golden): \(verdict)"]
        lines.append(
            "  \(frames) frames at \(fixed(1 / cadence, 1)) Hz over \(fixed(span, 3)) s; hitch time ratio "
                + "\(fixed(hitchTimeRatio, 1)) ms/s (\(band.rawValue): Apple's bands are good < 5, warning 5–10, "
                + "critical ≥ 10 ms/s)")
        for hitch in hitches.prefix(10) {
            lines.append(
                "  hitch: the frame at \(fixed(hitch.frame.time, 4)) s (line \(hitch.frame.line)) held the next "
                    + "back \(fixed(hitch.milliseconds, 1)) ms")
        }
        if hitches.count > 10 { lines.append("  … and \(hitches.count - 10) more hitches") }
        lines.append(
            "  largest deviation \(points(largestDeviation)) pt (tolerance \(points(tolerance))) at "
                + "\(fixed(deviationFrame.time, 4)) s (line \(deviationFrame.line)): drew \(points(deviationFrame.offset)), "
                + "the golden's move there is \(points(expected))")
        lines.append(
            startLatency.map {
                "  start latency \(fixed($0 * 1000, 1)) ms (the first frame that moved, after the move's start)"
            }
                ?? "  start latency: none (the trace or the golden never moves)")
        return lines.joined(separator: "\n")
    }

    private func points(_ x: Double) -> String { fixed(x, 3) }

    private func fixed(_ x: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (x * scale).rounded() / scale
        let text = "\(rounded)"
        guard let dot = text.firstIndex(of: "."), !text.contains("e") else { return text }
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        return decimals >= digits ? text : text + String(repeating: "0", count: digits - decimals)
    }
}

extension GoldenRecording {
    /// The golden's offset at `time` on the daemon's clock, exactly: the recorded move then
    /// in force computed again from its start with the recorded parameters (not an
    /// interpolation between frames), or the offset of the last frame before `time` when no
    /// move ran; before the first frame, the first frame's offset.
    public func offset(at time: Double) -> Double {
        var low = 0
        var high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return frames[0].frame.offset }
        let frame = frames[low - 1]
        return frame.motion?.offset(at: time, parameters(of: frame)) ?? frame.frame.offset
    }

    /// Holds a device trace against this golden: hitches and their ratio from the trace's
    /// own timing, and each frame's offset against ``offset(at:)`` at its time (on a deck
    /// that wraps, the nearest turn).
    ///
    /// - Parameter tolerance: the largest deviation allowed, points.
    public func check(device trace: DeviceTrace, tolerance: Double = defaultTolerance) -> DeviceReport {
        let parameters = parameters(of: frames[0])
        let period = Layout.period(parameters)
        var largest = -1.0
        var worst = trace.frames[0]
        var expected = 0.0
        for frame in trace.frames {
            let golden = offset(at: frame.time)
            var deviation = abs(frame.offset - golden)
            if parameters.layout.wrap, period > 0 {
                deviation = abs((frame.offset - golden).remainder(dividingBy: period))
            }
            if deviation > largest {
                (largest, worst, expected) = (deviation, frame, golden)
            }
        }
        let ratio = trace.hitchTimeRatio
        return DeviceReport(
            trace: trace.source, golden: source, frames: trace.frames.count, cadence: trace.cadence, span: trace.span,
            hitches: trace.hitches, hitchTimeRatio: ratio, band: DeviceTrace.Band(ratio: ratio),
            largestDeviation: largest, deviationFrame: worst, expected: expected,
            startLatency: startLatency(of: trace), tolerance: tolerance)
    }

    /// How far from the move's start a frame must be to have moved, points.
    static let movedBy = 0.001

    private func startLatency(of trace: DeviceTrace) -> Double? {
        guard let start = frames.lazy.compactMap(\.motion).first?.start else { return nil }
        let from = offset(at: start)
        guard let moved = trace.frames.first(where: { abs($0.offset - from) > Self.movedBy }) else { return nil }
        return moved.time - start
    }
}
