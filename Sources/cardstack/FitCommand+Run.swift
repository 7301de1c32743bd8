import ArgumentParser
import CardLayout
import CardStackFit
import CardStackProtocol
import CardStackRender
import CardStackSystem
import Foundation

extension FitCommand {
    /// The pose from --corners.
    func fitPose(_ path: String, _ parameters: Parameters) throws -> FitReport {
        let cards = try Self.readCorners(path)
        let fit = try PoseFit(parameters: parameters, cards: cards).fit()
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

    /// The motion of the clip at `path`.
    func fitMotion(_ path: String, _ parameters: Parameters) throws -> FitReport {
        let clip = try ClipReader.read(path: path)
        guard clip.frames.count >= 2 else {
            throw FitError(
                "the clip has \(clip.frames.count) frame; a move needs at least two (a still's pose is fitted from --corners)"
            )
        }
        guard let rate = fps ?? (clip.fps > 0 ? clip.fps : nil) else {
            throw FitError("the file does not say its frame rate; give it with --fps")
        }
        // The mark and the stage in the clip's own pixels (FitBounds, as the bridge checks them).
        if let m = try markValue(),
            let problem = FitBounds.markProblem(x: m.x, y: m.y, width: clip.sourceWidth, height: clip.sourceHeight)
        {
            throw FitError("--mark: \(problem)")
        }
        if let s = try stageValue(),
            let problem = FitBounds.stageProblem(
                x: s.originX, y: s.originY, scale: s.scale, width: clip.sourceWidth, height: clip.sourceHeight)
        {
            throw FitError("--stage: \(problem)")
        }
        let steps = move == "next" ? 1 : -1
        let to = Layout.stepTarget(from: from, steps: steps, parameters)
        var reading = ClipFit(
            frames: clip.frames.map { GreyFrame(width: clip.width, height: clip.height, pixels: $0) }, fps: rate,
            parameters: parameters, from: from, to: to)
        reading.mark = try markValue().map { ($0.x * clip.scale, $0.y * clip.scale, $0.frame) }
        reading.mapping = try stageValue().map {
            StageMapping(
                originX: $0.originX * clip.scale, originY: $0.originY * clip.scale, scale: $0.scale * clip.scale)
        }
        let track = try reading.track()
        let kinds = kind.flatMap(MotionFit.Kind.init(rawValue:)).map { [$0] } ?? MotionFit.Kind.allCases
        var best: (kind: MotionFit.Kind, result: MotionFit.Result)?
        for k in kinds {
            let result = try MotionFit(
                parameters: parameters, from: from, to: to, samples: track.samples, point: track.point
            )
            .fit(k)
            if best.map({ result.residual.mean < $0.result.residual.mean }) ?? true { best = (k, result) }
        }
        let (fitted, result) = best!
        var report = FitReport(
            kind: fitted.rawValue, style: parameters.layout.style.rawValue, residual: result.residual,
            frames: result.frames)
        report.start = result.start
        report.point = result.point
        report.stage = track.mapping
        report.path = track.samples.map { [$0.time, $0.point.x, $0.point.y] }
        report.clipScale = clip.scale
        report.truncated = clip.truncated
        let a = result.animation
        if let spring = a.spring {
            report.params = .object([("animation", .object([("spring", Self.json(spring))]))])
            report.settings = .object([
                (
                    "animation",
                    .object([
                        (
                            "spring",
                            .object([
                                ("damping_ratio", .number(spring.dampingRatio)), ("response", .number(spring.response)),
                            ])
                        )
                    ])
                )
            ])
        } else {
            let curve: JSONValue =
                a.curve.name.map { .string($0) } ?? .array((a.curve.controlPoints ?? []).map { .number($0) })
            report.params = .object([("animation", .object([("curve", curve), ("duration", .number(a.duration))]))])
            report.settings = .object([
                ("animation", .object([("curve", curve), ("duration", .number(a.duration)), ("spring", .null)]))
            ])
        }
        if result.residual.mean > 1 {
            report.others = otherStyles(track, kind: fitted, parameters: parameters)
            report.betterStyle =
                report.others?.filter { $0.residual.mean < result.residual.mean / 2 }
                .min { $0.residual.mean < $1.residual.mean }?.style
        }
        return report
    }

    /// The same path fitted as every other style (its preset, or --config's numbers with the
    /// style changed), where the tracked point lies on a card of that style.
    func otherStyles(_ track: ClipFit.Track, kind: MotionFit.Kind, parameters: Parameters) -> [FitReport.Other] {
        var out: [FitReport.Other] = []
        for style in Style.allCases where style != parameters.layout.style {
            var p = Self.preset(style)
            if config != nil || live {
                p = parameters
                p.layout.style = style
            }
            let to = Layout.stepTarget(from: from, steps: move == "next" ? 1 : -1, p)
            guard let located = CardPoint.nearest(to: track.samples[0].point, in: Layout.frame(p, offset: from))
            else { continue }
            // A quick look: fewer simplex moves than the fit itself, over every other frame
            // (a style that fits does so on half the frames as well; this loop is most of a
            // badly fitting clip's time).
            let every = stride(from: 0, to: track.samples.count, by: 2).map { track.samples[$0] }
            var quick = MotionFit(parameters: p, from: from, to: to, samples: every, point: located)
            quick.iterations = 150
            guard let result = try? quick.fit(kind) else { continue }
            guard result.residual.mean.isFinite, result.residual.worst.isFinite else { continue }
            out.append(.init(style: style.rawValue, residual: result.residual))
        }
        return out.sorted { $0.residual.mean < $1.residual.mean }
    }

    /// A spring as `get_params` spells it.
    static func json(_ s: Spring) -> JSONValue {
        .object([
            ("damping_ratio", .number(s.dampingRatio)), ("response", .number(s.response)),
            ("dialect", .string(s.written.dialect)), ("duration", .number(s.duration)), ("bounce", .number(s.bounce)),
            ("mass", .number(s.mass)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
        ])
    }

    /// The largest corners file: 1 MiB (a card's corners take under 100 bytes).
    static let maximumCornersBytes = 1 << 20

    /// The corners file: JSON `[[[x, y] × 4] …]` (or `{"cards": …}`), or CSV with 8 numbers a line.
    static func readCorners(_ path: String) throws -> [[Point]] {
        let data: Data
        do {
            data = Data(try InputFile.read(path, limit: maximumCornersBytes))
        } catch {
            throw FitError("cannot read the corners file: \(error)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        if trimmed.first == "[" || trimmed.first == "{" {
            struct Wrapped: Decodable { var cards: [[[Double]]] }
            let cards: [[[Double]]]
            if let plain = try? JSONDecoder().decode([[[Double]]].self, from: data) {
                cards = plain
            } else if let wrapped = try? JSONDecoder().decode(Wrapped.self, from: data) {
                cards = wrapped.cards
            } else {
                throw FitError(
                    "not JSON of the form [[[x, y], [x, y], [x, y], [x, y]], …] (each card's 4 corners in points)")
            }
            return try cards.enumerated().map { i, card in
                guard card.count == 4, card.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else {
                    throw FitError("card \(i + 1): expected 4 corners of 2 finite numbers each")
                }
                return card.map { Point($0[0], $0[1]) }
            }
        }
        var cards: [[Point]] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.allSatisfy(\.isEmpty) || line.hasPrefix("#") { continue }
            let v = fields.compactMap(Double.init)
            guard v.count == 8, v.allSatisfy(\.isFinite) else {
                throw FitError("line \(n + 1): expected 8 numbers (x,y of 4 corners in points), got \(line.prefix(60))")
            }
            cards.append(stride(from: 0, to: 8, by: 2).map { Point(v[$0], v[$0 + 1]) })
        }
        return cards
    }
}
