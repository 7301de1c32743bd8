extension MotionPlot {
    /// The plotted series as JSON (`cardstack plot --out X.json`): the frames' times and
    /// unwrapped offsets, each interval's velocity at its end, the jumps, the period.
    public func json() -> String {
        func list(_ xs: [Double]) -> String { "[" + xs.map { "\($0)" }.joined(separator: ",") + "]" }
        let pairs = zip(times, offsets).map { "[\($0),\($1)]" }.joined(separator: ",")
        let speeds = zip(times.dropFirst(), velocities).map { "[\($0),\($1)]" }.joined(separator: ",")
        let peak = velocities.map(abs).max() ?? 0
        return """
            {"transition":\(transition.index + 1),"transitions":\(transition.count),\
            "period":\(period.map { "\($0)" } ?? "null"),"points":[\(pairs)],"velocities":[\(speeds)],\
            "peak_velocity":\(peak),"jumps":\(list(jumps))}

            """
    }

    /// The plotted series as CSV (`--out X.csv`): one row per frame, `time,offset,velocity,jump`
    /// (the velocity of the interval the frame ends, empty for the first; `jump` 1 where
    /// the velocity jumps).
    public func csv() -> String {
        var text = "time,offset,velocity,jump\n"
        for (i, (t, x)) in zip(times, offsets).enumerated() {
            let v = i > 0 ? "\(velocities[i - 1])" : ""
            text += "\(t),\(x),\(v),\(jumps.contains(t) ? 1 : 0)\n"
        }
        return text
    }

    /// Which transition of several this is, for the title and the command's summary.
    public var transitionNote: String {
        transition.count > 1 ? " (transition \(transition.index + 1) of \(transition.count))" : ""
    }
}
