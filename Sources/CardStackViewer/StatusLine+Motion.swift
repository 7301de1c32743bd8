import CardLayout

extension StatusLine {
    /// How steps move, when not the defaults: `spring 0.7/0.35 · slowdown 5` or
    /// `ease_in 0.5 s`, and `reduce motion` while the daemon plays the reduced variant. Nothing
    /// for the default 0.3 s deceleration at full speed with Reduce Motion off.
    public static func motionFields(_ p: Parameters) -> [StatusField] {
        let a = p.animation
        var fields: [StatusField] = []
        if let spring = a.spring {
            fields.append(StatusField("motion", "spring \(decimal(spring.dampingRatio))/\(decimal(spring.response))"))
        } else if a.curve != .decelerate || a.duration != Motion.stepDuration {
            let curve =
                a.curve.name ?? "bezier(\((a.curve.controlPoints ?? []).map { decimal($0) }.joined(separator: ", ")))"
            fields.append(StatusField("motion", "\(curve) \(decimal(a.duration)) s"))
        }
        if a.slowdown != 1 { fields.append(StatusField("slowdown", "slowdown \(decimal(a.slowdown))")) }
        if a.reduceMotion { fields.append(StatusField("reduce_motion", "reduce motion")) }
        return fields
    }
}
