import CardLayout
import CardStackFit
import CardStackProtocol

extension FitReport {
    /// The report of a pose fit: the fitted layout and card keys, as `get_params` spells them.
    public static func pose(_ fit: PoseFit.Result) -> FitReport {
        let p = fit.parameters
        var report = FitReport(kind: "pose", style: p.layout.style.rawValue, residual: fit.residual, frames: 1)
        report.params = .object([
            (
                "layout",
                .object([
                    ("spacing", .number(p.layout.spacing)), ("scale_step", .number(p.layout.scaleStep)),
                    ("m34", .number(p.layout.m34)),
                ])
            ),
            (
                "card",
                .object([
                    ("width", .number(p.card.width)), ("height", .number(p.card.height)),
                    ("anchor", .array(p.card.anchor.map { .number($0) })),
                ])
            ),
        ])
        report.settings = report.params
        report.offset = fit.offset
        report.corners = fit.corners
        report.undetermined = fit.undetermined
        return report
    }

    /// The report of a motion fit of `kind` on `track`, read as `parameters`' style: the
    /// fitted spring (every reading) or curve and duration, the start, the point, the stage
    /// and the path; `settings` as `--apply` sends them (a curve clears the spring).
    public static func motion(
        _ result: MotionFit.Result, kind: MotionFit.Kind, track: ClipFit.Track, parameters: Parameters
    ) -> FitReport {
        var report = FitReport(
            kind: kind.rawValue, style: parameters.layout.style.rawValue, residual: result.residual,
            frames: result.frames)
        report.start = result.start
        report.point = result.point
        report.stage = track.mapping
        report.path = track.samples.map { [$0.time, $0.point.x, $0.point.y] }
        report.tracking = track.method.rawValue
        report.held = track.held
        let a = result.animation
        if let spring = a.spring {
            report.params = .object([("animation", .object([("spring", json(spring))]))])
            let set: JSONValue = .object([
                ("damping_ratio", .number(spring.dampingRatio)), ("response", .number(spring.response)),
            ])
            report.settings = .object([("animation", .object([("spring", set)]))])
        } else {
            let curve: JSONValue =
                a.curve.name.map { .string($0) } ?? .array((a.curve.controlPoints ?? []).map { .number($0) })
            report.params = .object([("animation", .object([("curve", curve), ("duration", .number(a.duration))]))])
            report.settings = .object([
                ("animation", .object([("curve", curve), ("duration", .number(a.duration)), ("spring", .null)]))
            ])
        }
        return report
    }

    /// A spring as `get_params` spells it: every reading of it.
    public static func json(_ s: Spring) -> JSONValue {
        .object([
            ("damping_ratio", .number(s.dampingRatio)), ("response", .number(s.response)),
            ("dialect", .string(s.written.dialect)), ("duration", .number(s.duration)), ("bounce", .number(s.bounce)),
            ("mass", .number(s.mass)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
        ])
    }

    /// The same path fitted as every other style (`reading(style)` gives the parameters of
    /// each: its preset, or the user's numbers with the style changed), where the tracked
    /// point lies on a card of that style; best first. `steps` is the move (1 next, -1 prev).
    public static func otherStyles(
        _ track: ClipFit.Track, kind: MotionFit.Kind, style: Style, from: Double, steps: Int,
        reading: (Style) -> Parameters
    ) -> [Other] {
        var out: [Other] = []
        for other in Style.allCases where other != style {
            let p = reading(other)
            let to = Layout.stepTarget(from: from, steps: steps, p)
            guard let first = track.samples.first,
                let located = CardPoint.nearest(to: first.point, in: Layout.frame(p, offset: from))
            else { continue }
            // A quick look: fewer simplex moves than the fit itself, over every other frame
            // (a style that fits does so on half the frames as well; this loop is most of a
            // badly fitting clip's time).
            let every = stride(from: 0, to: track.samples.count, by: 2).map { track.samples[$0] }
            var quick = MotionFit(parameters: p, from: from, to: to, samples: every, point: located)
            quick.iterations = 150
            guard let result = try? quick.fit(kind) else { continue }
            guard result.residual.mean.isFinite, result.residual.worst.isFinite else { continue }
            out.append(Other(style: other.rawValue, residual: result.residual))
        }
        return out.sorted { $0.residual.mean < $1.residual.mean }
    }

    /// Sets ``others`` and ``betterStyle`` from `others`: a style whose mean residual is
    /// under half this one's is named as fitting better.
    public mutating func compare(_ others: [Other]) {
        self.others = others
        betterStyle =
            others.filter { $0.residual.mean < residual.mean / 2 }.min { $0.residual.mean < $1.residual.mean }?
            .style
    }
}
