import ArgumentParser
import CardLayout
import CardStackFit
import CardStackFitReport
import CardStackProtocol
import CardStackRender
import CardStackSystem
import Foundation
import Synchronization

extension FitCommand {
    /// The pose from --corners.
    func fitPose(_ path: String, _ parameters: Parameters) throws -> FitReport {
        let cards = try Self.readCorners(path)
        return FitReport.pose(try PoseFit(parameters: parameters, cards: cards).fit())
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
        // The spring and the curve on a thread each: independent fits of the same path, and a
        // busy machine shares its cores by thread (docs/performance.md, "Fitting a clip").
        let outcomes = Mutex<[MotionFit.Kind: Result<MotionFit.Result, FitError>]>([:])
        DispatchQueue.concurrentPerform(iterations: kinds.count) { i in
            let fit = MotionFit(parameters: parameters, from: from, to: to, samples: track.samples, point: track.point)
            let outcome = Result { () throws(FitError) in try fit.fit(kinds[i]) }
            outcomes.withLock { $0[kinds[i]] = outcome }
        }
        var best: (kind: MotionFit.Kind, result: MotionFit.Result)?
        for k in kinds {
            // In the order asked, as one after the other: the first error, the better fit.
            guard let outcome = outcomes.withLock({ $0[k] }) else { continue }
            let result = try outcome.get()
            if best.map({ result.residual.mean < $0.result.residual.mean }) ?? true { best = (k, result) }
        }
        let (fitted, result) = best!
        var report = FitReport.motion(result, kind: fitted, track: track, parameters: parameters)
        report.clipScale = clip.scale
        report.truncated = clip.truncated
        let placed = track.mapping
        let warning = FitReport.layoutWarning(result, track: track, parameters: parameters, from: from, to: to) {
            atEnd in
            reading.misplacedCard(in: atEnd ? reading.frames[reading.frames.count - 1] : reading.frames[0], placed)
        }
        if let warning {
            report.warnings.append(warning)
        }
        if result.residual.mean > 1 {
            report.compare(
                FitReport.otherStyles(
                    track, kind: fitted, style: parameters.layout.style, from: from, steps: steps
                ) { style in
                    // Its preset, or --config's (or the daemon's) numbers with the style changed.
                    guard config != nil || live else { return Self.preset(style) }
                    var p = parameters
                    p.layout.style = style
                    return p
                })
        }
        return report
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
