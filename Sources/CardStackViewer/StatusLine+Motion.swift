import CardLayout

extension StatusLine {
    /// How steps move, when not the defaults: `spring 0.7/0.35 · slowdown 5` or
    /// `ease_in 0.5 s`. Nothing for the default 0.3 s deceleration at full speed.
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
        return fields
    }
}
