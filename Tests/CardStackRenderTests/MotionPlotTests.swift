import CardLayout
import CardStackClient
import CardStackProtocol
import CardStackWire
import Foundation
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
        let plot = try MotionPlot(RecordedFrames(try recording()))
        // The plot starts at the move's first frame: the recording's second (the first
        // repeats its offset, as the frame at rest a subscriber is sent does).
        #expect(plot.motionStart == 0 && plot.times.count == 10 && plot.times.first == 1 + 1.0 / 60)
        #expect(
            plot.overshoot.map { abs($0.points - 3) < 1e-12 && abs($0.percent - 10) < 1e-9 && $0.frame == 3 } == true)
        // Within ±0.3 pt of 30 from the recording's frame 7 (30.2) on; 29.5 before it is outside.
        #expect(plot.settle.map { $0.frame == 6 && abs($0.seconds - 6.0 / 60) < 1e-12 } == true)
        // Each interval's velocity at its end: 0 -> 10 in 1/60 s, then 10 -> 25.
        #expect(plot.velocities.count == 9)
        #expect(abs(plot.velocities[0] - 600) < 1e-9 && abs(plot.velocities[1] - 900) < 1e-9)
        #expect(
            plot.legend[1] == "spring: damping ratio 0.7, response 0.35 s (stiffness 322.2728, damping 25.1327, mass 1)"
        )
    }

    @Test func theLegendNamesTheCurveWithoutASpring() throws {
        let plot = try MotionPlot(RecordedFrames(try recording(spring: false)))
        #expect(plot.legend[1].hasPrefix("curve: decelerate"))
    }

    @Test func theSVGCarriesEveryFrameOfTheMoveExactly() throws {
        let recorded = RecordedFrames(try recording())
        let svg = try MotionPlot(recorded).svg()
        let pairs = zip(recorded.times, recorded.frames.map(\.offset)).dropFirst().map { "[\($0),\($1)]" }
            .joined(separator: ",")
        #expect(svg.contains("data-points=\"[\(pairs)]\""))
        #expect(svg.contains("overshoot 3 pt (10 %)") && svg.contains("settles (±1 %) 0.1 s after it starts"))
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
    }

    /// A linear `next` from the last card across the wrap (11 cards, 30 pt apart: a turn is
    /// 330 pt), after the frame at rest a subscriber is sent 0.25 s before the move.
    func acrossTheWrap() throws -> Recording {
        var params = Parameters()
        params.layout.cards = 11
        params.layout.spacing = 30
        params.layout.wrap = true
        let info = ParamsInfo(revision: 1, source: .file, path: nil, params: params, error: nil)
        var lines = [String(decoding: try WireJSON.encode(ServerMessage.params(info)), as: UTF8.self)]
        lines[0].removeLast()
        lines[0] += ",\"time\":0.4}"
        var moves: [(time: Double, offset: Double)] = [(0.5, 300)]
        for k in 0...5 { moves.append((0.75 + Double(k) / 60, 300 + 6 * Double(k))) }
        for (i, (time, offset)) in moves.enumerated() {
            let event = FrameEvent(seq: i + 1, revision: 1, frame: Layout.frame(params, offset: offset), time: time)
            lines.append(String(decoding: try WireJSON.encode(ServerMessage.frame(event)), as: UTF8.self))
        }
        return try Recording(lines: Array(lines.joined(separator: "\n").utf8))
    }

    @Test func aMoveAcrossTheWrapIsUnwrappedAndItsJumpsMarked() throws {
        let recorded = RecordedFrames(try acrossTheWrap())
        #expect(recorded.frames.last?.offset == 0, "the daemon's own offset wraps to 0")
        let plot = try MotionPlot(recorded)
        #expect(plot.period == 330)
        #expect(plot.times.first == 0.75, "nothing before the move's first frame")
        let expected: [Double] = [300, 306, 312, 318, 324, 330]
        #expect(plot.offsets.count == 6)
        for (x, y) in zip(plot.offsets, expected) { #expect(abs(x - y) < 1e-9) }
        #expect(plot.velocities.allSatisfy { abs($0 - 360) < 1e-6 })
        // A linear move starts and stops at full speed: two jumps, at its ends.
        #expect(plot.jumps == [plot.times[0], plot.times[5]])
        let json = plot.json()
        #expect(json.contains("\"period\":330.0") && json.contains("\"jumps\":[0.75,"))
        #expect(plot.csv().hasPrefix("time,offset,velocity,jump\n0.75,300.0,,1\n"))
        #expect(plot.svg().contains("velocity jumps (2×)"))
    }

    @Test func aSpringFromRestHasNoJumpAndTransitionsAreChosen() throws {
        // Two moves 1 s apart: a smooth rise and fall (no jump), then a step.
        var times: [Double] = []
        var offsets: [Double] = []
        for k in 0...20 {
            times.append(Double(k) / 60)
            offsets.append(15 - 15 * Foundation.cos(Double(k) / 20 * Double.pi))
        }
        times += [2, 2 + 1.0 / 60, 2 + 2.0 / 60]
        offsets += [30, 30, 40]
        let runs = MotionSeries.transitions(times: times, offsets: offsets)
        #expect(runs == [0..<21, 22..<24])
        let first = MotionSeries(times: Array(times[runs[0]]), offsets: Array(offsets[runs[0]]), period: nil)
        #expect(first.jumps.isEmpty)
        let truePeak = 15 * Double.pi / 20 * 60
        #expect(abs(first.peak - truePeak) / truePeak < 0.01)
        #expect(MotionSeries.transitions(times: [1], offsets: [0]).isEmpty)
    }

    @Test func aGapInsideOneMoveDoesNotCutItInTwo() {
        // A move at 60 fps whose frames 6 to 20 never came (a late tick, or skipped for a
        // slow reader): 0.25 s without a frame, still one move; a second move just as far
        // after it is a transition of its own.
        let kept = Array(0..<6) + Array(21...36)
        var times = kept.map { Double($0) / 60 }
        var offsets = kept.map { Double($0) }
        var moves: [Double?] = kept.map { _ in 0 }
        moves[0] = nil  // the frame at rest before the move
        times += [0.85, 0.85 + 1.0 / 60]
        offsets += [36, 40]
        moves += [0.85, 0.85]
        #expect(MotionSeries.transitions(times: times, offsets: offsets, moves: moves) == [0..<22, 22..<24])
        // Without the moves, the gap cuts the first one: the rule for old recordings.
        #expect(MotionSeries.transitions(times: times, offsets: offsets) == [0..<6, 6..<22, 22..<24])
    }

    @Test func aStopPartWayThroughTheLastIntervalIsStillAJump() {
        // Full speed, then the target reached part-way through the last tick: still a stop.
        #expect(MotionSeries.jumps([100, 100, 100, 40], peak: 100) == [0, 4])
        #expect(MotionSeries.jumps([100, 100, 100, 100], peak: 100) == [0, 4])
        // A scroll view's deceleration truncated at 56 % of its peak stops dead; one that
        // lands (the last interval at 2 % of the peak) only starts at full speed.
        #expect(MotionSeries.jumps([130, 120, 110, 100, 90, 80, 73], peak: 130) == [0, 7])
        #expect(MotionSeries.jumps([130, 90, 55, 30, 14, 6, 2.6], peak: 130) == [0])
        #expect(MotionSeries.jumps([10, 30, 60, 80, 90, 80, 60, 30, 10], peak: 90).isEmpty)
    }

    @Test func aBezierSampledUnevenlyHasNoJumpAsOnThePage() {
        // The page's graph reads the same frames alike (Tests/page/series.test.mjs): a busy
        // machine's frames at 16, 33, 70, 83 ms …, the one at 117 ms twice, of a 0.3 s
        // ease_in_out move of 120 pt, at their own times.
        let busy = [0, 0.016, 0.033, 0.07, 0.083, 0.1, 0.117, 0.117, 0.15, 0.166, 0.183, 0.23, 0.25, 0.266, 0.283, 0.3]
        let curve = TimingCurve(name: "ease_in_out")!
        let smooth = MotionSeries(
            times: busy.map { 5 + $0 }, offsets: busy.map { 120 * curve.value(at: $0 / 0.3) }, period: nil)
        #expect(smooth.jumps.isEmpty)
        #expect(smooth.times.count == busy.count - 1 && smooth.velocities.allSatisfy { $0 > 0 })
        // Its speed stepping from 100 to 400 pt/s at 150 ms: that jump, and the stop at speed.
        let step = MotionSeries(
            times: busy.map { 5 + $0 }, offsets: busy.map { $0 < 0.15 ? 100 * $0 : 15 + 400 * ($0 - 0.15) }, period: nil
        )
        #expect(step.jumps == [5.15, 5.3])
        // Evenly spaced, the intervals' lengths change nothing.
        let v = [10.0, 30, 60, 80, 90, 80, 60, 30, 10]
        #expect(MotionSeries.jumps(v, peak: 90, durations: v.map { _ in 1.0 / 60 }) == MotionSeries.jumps(v, peak: 90))
    }

    @Test func ticksAreRoundNumbers() {
        let unit = MotionPlot.ticks(0, 1)
        #expect(unit.count == 6 && zip(unit, [0, 0.2, 0.4, 0.6, 0.8, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(MotionPlot.ticks(-3, 33) == [0, 10, 20, 30])
        #expect(MotionPlot.number(0.35) == "0.35" && MotionPlot.number(-2.5) == "-2.5" && MotionPlot.number(3) == "3")
    }
}
