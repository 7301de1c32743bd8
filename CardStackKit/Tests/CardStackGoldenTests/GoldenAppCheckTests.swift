import CardLayout
import Foundation
import Testing

@testable import CardStackGolden

/// What an app's test calls: its layout and its motion against a golden.
@Suite struct GoldenAppCheckTests {
    /// The app's layout as `TunedLayout.cards(offset:)` computes it, from `parameters`.
    static func layout(_ parameters: Parameters) -> (Double) -> [GoldenCard] {
        { offset in Layout.frame(parameters, offset: offset).cards.map(GoldenCard.init) }
    }

    /// `TunedLayout.offset(from:to:velocity:at:)` for `parameters`.
    static func step(_ parameters: Parameters) -> (Double, Double, Double, Double) -> Double {
        { from, to, velocity, t in
            Layout.normalize(
                Motion.step(from: from, to: to, velocity: velocity, animation: parameters.animation).position(at: t),
                parameters)
        }
    }

    @Test func theExportedLayoutAndMotionPass() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        let p = GoldenFixture.parameters
        let layout = golden.checkLayout(Self.layout(p))
        #expect(layout.passed, "\(layout.message)")
        #expect(layout.framesChecked == golden.frames.count)
        let motion = golden.checkMotion(step: Self.step(p))
        #expect(motion.passed, "\(motion.message)")
    }

    @Test func aLayoutWithOneNumberAlteredFailsNamingFrameCardAndDeviation() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        var altered = GoldenFixture.parameters
        altered.layout.scaleStep = 0.1001
        let report = golden.checkLayout(Self.layout(altered))
        #expect(!report.passed)
        let first = try #require(report.first)
        #expect(first.frame == 1)
        #expect(report.message.contains("frame 1 (line 2, seq 1"))
        #expect(report.message.contains("card \(first.card) (item \(first.item)"))
        #expect(report.message.contains("\(GoldenReport.number(first.points)) pt off"))
    }

    @Test func aMotionWithOneNumberAlteredFails() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        var altered = GoldenFixture.parameters
        altered.animation.duration += 0.01  // deceleration shapes only flings: a step lands in `duration`
        let report = golden.checkMotion(step: Self.step(altered))
        #expect(!report.passed)
        #expect(report.first?.frame == 2, "\(report.message)")
        #expect(report.message.contains("pt off"))
    }
}
