import CardLayout
import CardStackProtocol
import Foundation
import Testing

@testable import CardStackFit
@testable import CardStackFitReport

/// The fit report's decisions, without a clip: what it sends, prints and compares (issue 48).
@Suite struct FitReportTests {
    func track(_ samples: [TrackSample], held: Int = 0) -> ClipFit.Track {
        ClipFit.Track(
            samples: samples, point: CardPoint(item: 1, u: 0.1, v: 0.1),
            mapping: StageMapping(originX: 2, originY: 4, scale: 2), method: .outline, held: held)
    }

    func result(_ animation: Parameters.Animation, mean: Double) -> MotionFit.Result {
        MotionFit.Result(
            animation: animation, start: 0.1, residual: Residual(mean: mean, worst: 2 * mean), frames: 40,
            point: CardPoint(item: 1, u: 0.1, v: 0.1))
    }

    @Test func aSpringIsSentAsItsTwoNumbersAndPrintedInEveryReading() throws {
        var a = Parameters().animation
        a.spring = Spring(dampingRatio: 0.77, response: 0.42)
        let samples = [TrackSample(time: 0, point: Point(1, 2)), TrackSample(time: 0.5, point: Point(3, 4))]
        var report = FitReport.motion(
            result(a, mean: 0.2), kind: .spring, track: track(samples, held: 3), parameters: Parameters())
        report.clipScale = 2
        guard case .object(let settings) = report.settings, case .object(let animation) = settings[0].value,
            case .object(let spring) = animation[0].value
        else {
            Issue.record("settings are not animation.spring")
            return
        }
        #expect(spring.map(\.key) == ["damping_ratio", "response"])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
        #expect(json["tracking"] as? String == "outline")
        #expect(json["held"] as? Int == 3)
        // The stage in the clip's own pixels.
        let stage = json["stage"] as! [String: Double]
        #expect(stage == ["x": 1, "y": 2, "scale": 1])
        #expect((json["path"] as! [[Double]]).count == 2)
        let text = report.text
        #expect(text.hasPrefix("spring fit, style stack"))
        #expect(text.contains("damping_ratio = 0.77"))
        #expect(text.contains("residual: mean 0.2 pt, worst 0.4 pt over 40 frames"))
        #expect(text.contains("3 held frames"))
    }

    @Test func aCurveClearsTheSpringWhenApplied() {
        var a = Parameters().animation
        a.spring = nil
        a.curve = .bezier(0.3, 0.1, 0.2, 1)
        a.duration = 0.4
        let report = FitReport.motion(
            result(a, mean: 0.3), kind: .curve, track: track([TrackSample(time: 0, point: Point(0, 0))]),
            parameters: Parameters())
        #expect(
            report.settings
                == .object([
                    (
                        "animation",
                        .object([
                            ("curve", .array([.number(0.3), .number(0.1), .number(0.2), .number(1)])),
                            ("duration", .number(0.4)), ("spring", .null),
                        ])
                    )
                ]))
    }

    @Test func aStyleUnderHalfTheResidualIsNamedAsFittingBetter() {
        var report = FitReport(kind: "spring", style: "stack", residual: Residual(mean: 10, worst: 20), frames: 30)
        report.compare([
            .init(style: "rotary", residual: Residual(mean: 4, worst: 8)),
            .init(style: "flip", residual: Residual(mean: 6, worst: 8)),
        ])
        #expect(report.betterStyle == "rotary")
        #expect(report.text.contains("the residual is large; as other styles: rotary 4 pt, flip 6 pt"))
        report.compare([.init(style: "flip", residual: Residual(mean: 6, worst: 8))])
        #expect(report.betterStyle == nil)
    }

    @Test func theOtherStylesAreReadOnTheSamePath() {
        // A linear carousel's move, read as every other style: each reported at most once,
        // best first, never the style itself.
        var p = Parameters()
        p.layout.style = .linear
        p.animation.spring = Spring(dampingRatio: 0.8, response: 0.4)
        let to = Layout.stepTarget(from: 0, steps: 1, p)
        let motion = Motion.step(from: 0, to: to, animation: p.animation)
        let point = CardPoint(item: 0, u: 0.5, v: 0.5)
        let samples = (0..<30).map { k in
            TrackSample(
                time: Double(k) / 60,
                point: point.position(in: Layout.frame(p, offset: motion.position(at: Double(k) / 60)))!)
        }
        let others = FitReport.otherStyles(track(samples), kind: .spring, style: .linear, from: 0, steps: 1) { style in
            var q = p
            q.layout.style = style
            return q
        }
        #expect(!others.contains { $0.style == "linear" })
        #expect(Set(others.map(\.style)).count == others.count)
        #expect(others.map(\.residual.mean) == others.map(\.residual.mean).sorted())
    }
}
