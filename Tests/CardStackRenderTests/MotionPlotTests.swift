import CardLayout
import CardStackClient
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackRender

/// `cardstack plot`: the numbers it reads off a recording and the SVG that carries them.
@Suite struct MotionPlotTests {
    /// A move from 0 to 30 that overshoots to 33 and comes back, at 60 fps, after a params
    /// event with a spring.
    func recording(spring: Bool = true) throws -> Recording {
        var params = Parameters()
        if spring { params.animation.spring = Spring(dampingRatio: 0.7, response: 0.35) }
        let info = ParamsInfo(revision: 1, source: .file, path: nil, params: params, error: nil)
        var lines = [String(decoding: try WireJSON.encode(ServerMessage.params(info)), as: UTF8.self)]
        lines[0].removeLast()
        lines[0] += ",\"time\":0.5}"
        let offsets = [0, 0, 10, 25, 33, 31, 29.5, 30.2, 29.9, 30, 30]
        for (i, offset) in offsets.enumerated() {
            let frame = Layout.frame(params, offset: offset)
            let event = FrameEvent(seq: i + 1, revision: 1, frame: frame, time: 1 + Double(i) / 60)
            lines.append(String(decoding: try WireJSON.encode(ServerMessage.frame(event)), as: UTF8.self))
        }
        return try Recording(lines: Array(lines.joined(separator: "\n").utf8))
    }

    @Test func overshootAndSettleAreReadOffTheFrames() throws {
        let plot = MotionPlot(RecordedFrames(try recording()))
        #expect(plot.motionStart == 1)
        #expect(
            plot.overshoot.map { abs($0.points - 3) < 1e-12 && abs($0.percent - 10) < 1e-9 && $0.frame == 4 } == true)
        // Within ±0.3 pt of 30 from frame 7 (30.2) on; 29.5 at frame 6 is outside.
        #expect(plot.settle.map { $0.frame == 7 && abs($0.seconds - 6.0 / 60) < 1e-12 } == true)
        // Central differences: (25 - 0) / (2 / 60) at frame 2... frame 2 is between 0 and 25.
        #expect(abs(plot.velocities[2] - 25 * 30) < 1e-9)
        #expect(
            plot.legend[1] == "spring: damping ratio 0.7, response 0.35 s (stiffness 322.2728, damping 25.1327, mass 1)"
        )
    }

    @Test func theLegendNamesTheCurveWithoutASpring() throws {
        let plot = MotionPlot(RecordedFrames(try recording(spring: false)))
        #expect(plot.legend[1].hasPrefix("curve: decelerate"))
    }

    @Test func theSVGCarriesEveryFrameExactly() throws {
        let recorded = RecordedFrames(try recording())
        let svg = MotionPlot(recorded).svg()
        let pairs = zip(recorded.times, recorded.frames.map(\.offset)).map { "[\($0),\($1)]" }.joined(separator: ",")
        #expect(svg.contains("data-points=\"[\(pairs)]\""))
        #expect(svg.contains("overshoot 3 pt (10 %)") && svg.contains("settles (±1 %) 0.1 s after it starts"))
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
    }

    @Test func ticksAreRoundNumbers() {
        let unit = MotionPlot.ticks(0, 1)
        #expect(unit.count == 6 && zip(unit, [0, 0.2, 0.4, 0.6, 0.8, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(MotionPlot.ticks(-3, 33) == [0, 10, 20, 30])
        #expect(MotionPlot.number(0.35) == "0.35" && MotionPlot.number(-2.5) == "-2.5" && MotionPlot.number(3) == "3")
    }
}
