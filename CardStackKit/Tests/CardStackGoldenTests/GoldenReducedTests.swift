import CardLayout
import Foundation
import Testing

@testable import CardStackGolden

/// A golden holding both variants (docs/tuning.md, "Both variants in one golden"): revision 1
/// plays the full motion, revision 2 the reduced one (`animation.reduce_motion` on), its `next`
/// a cross-fade as the daemon draws it (the offset on its target at once, the cards dissolving,
/// eased in and out, over `reduced.crossfade` times the slowdown) and its fling the reduced
/// deceleration. `verify` checks each frame in its own variant; the app's checks are called
/// with the setting of each frame and fail on a golden that lacks a variant.
@Suite struct GoldenReducedTests {
    static let parameters: Parameters = {
        var p = Parameters()
        p.layout.style = .flip
        p.animation.spring = Spring(dampingRatio: 0.5, response: 0.4)
        p.animation.slowdown = 2
        // The flip deck's own model (seed 003's pan) lets a throw without a finger go nowhere:
        // the scroll view's decay, so both variants' flings move.
        p.scroll.model = .scrollView
        p.reduced.animation.deceleration = 0.99
        return p
    }()

    struct Header: Encodable {
        var event = "params"
        var revision: Int
        var source = "set"
        var params: Parameters
        var time = 0.5
        var `protocol` = 1
    }

    /// The recording: a full `next` and fling, then Reduce Motion on, a jump, a cross-faded
    /// `next` and a reduced fling.
    static func lines(_ reduced: Parameters? = nil) -> String {
        let full = parameters
        var on = reduced ?? parameters
        on.animation.reduceMotion = true
        let encoder = JSONEncoder()
        func line(_ value: some Encodable) -> String { String(decoding: try! encoder.encode(value), as: UTF8.self) }
        var out = [line(Header(revision: 1, params: full))]
        var seq = 0
        var time = 1.0
        func frame(_ revision: Int, _ frame: Frame, _ motion: MotionStart?) {
            seq += 1
            out.append(
                line(GoldenFixture.FrameLine(seq: seq, revision: revision, frame: frame, time: time, motion: motion)))
        }
        func move(_ revision: Int, _ p: Parameters, _ start: MotionStart) {
            let motion = start.motion(p.inEffect)
            let begin = time
            while true {
                frame(revision, Layout.frame(p.inEffect, offset: start.offset(at: time, p.inEffect)), start)
                if motion.isFinished(at: time - begin) { break }
                time += 1.0 / 60
            }
            time += 0.5
        }
        move(1, full, MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: time))
        move(1, full, MotionStart(kind: .fling, from: 30, to: 0, velocity: 2000, start: time))
        out.append(line(Header(revision: 2, params: on)))
        let p = on.inEffect
        frame(2, Layout.frame(p, offset: 60), nil)  // a jump (scroll_to), not a fade
        time += 0.5
        let before = Layout.frame(p, offset: 60).cards
        let duration = on.reduced.crossfade * on.animation.slowdown
        let start = time
        while true {
            let progress = TimingCurve.easeInOut.value(at: (time - start) / duration)
            var faded = Layout.frame(p, offset: 90)
            faded.cards = Crossfade.cards(from: before, to: faded.cards, progress: progress)
            frame(2, faded, nil)
            if time - start >= duration { break }
            time += 1.0 / 60
        }
        time += 0.5
        move(
            2, on,
            MotionStart(
                kind: .fling, from: 90, to: Layout.flingTarget(from: 90, velocity: 1500, p), velocity: 1500, start: time
            ))
        return out.joined(separator: "\n") + "\n"
    }

    @Test func verifyChecksEachFrameInItsVariantTheCrossFadeIncluded() throws {
        let golden = try GoldenFixture.golden(Self.lines(), source: "both.jsonl")
        #expect(golden.variants == [false, true])
        #expect(golden.fades.count >= 30, "the cross-fade's frames: \(golden.fades.count)")
        let report = golden.verify()
        #expect(report.passed, "\(report.message)")
        #expect(report.reducedFramesChecked > 30 && report.reducedFramesChecked < report.framesChecked)
        #expect(report.message.contains("with Reduce Motion on"), "\(report.message)")
        // A reduced key nudged in the recording: its frames no longer follow it.
        var nudged = Self.parameters
        nudged.reduced.animation.deceleration = 0.995
        let drifted = try GoldenFixture.golden(Self.lines(nudged).replacingOccurrences(of: "0.995", with: "0.99"))
        #expect(!drifted.verify().passed)
        // A cross-fade recorded at another length differs too.
        var slower = Self.parameters
        slower.reduced.crossfade = 0.3
        let long = try GoldenFixture.golden(
            Self.lines(slower).replacingOccurrences(of: #""crossfade":0.3"#, with: #""crossfade":0.25"#))
        #expect(!long.verify().passed)
    }

    @Test func theAppsChecksRunInBothVariants() throws {
        let golden = try GoldenFixture.golden(Self.lines(), source: "both.jsonl")
        let full = Self.parameters.fullVariant()
        let reduced = Self.parameters.reducedVariant()
        func layout(_ offset: Double, _ on: Bool) -> [GoldenCard] {
            Layout.frame(on ? reduced : full, offset: offset).cards.map(GoldenCard.init)
        }
        var seen: Set<Bool> = []
        let checked = golden.checkLayout(reduceMotion: { offset, on in
            seen.insert(on)
            return layout(offset, on)
        })
        #expect(checked.passed && seen == [false, true], "\(checked.message)")
        func app(_ on: Bool) -> Parameters.Animation {
            var a = (on ? reduced : full).animation
            a.slowdown = 1
            return a
        }
        let motion = golden.checkMotion(
            reduceMotion: { from, to, v, t, on in
                Motion.step(from: from, to: to, velocity: v, animation: app(on)).position(at: t)
            },
            fling: { from, v, t, on in
                var p = on ? reduced : full
                p.animation.slowdown = 1
                return ScrollMotion.release(from: from, velocity: v, p).position(at: t)
            },
            crossfade: { from, to, t in
                let progress = TimingCurve.easeInOut.value(at: t / Self.parameters.reduced.crossfade)
                return Crossfade.cards(
                    from: Layout.frame(reduced, offset: from).cards, to: Layout.frame(reduced, offset: to).cards,
                    progress: progress
                ).map(GoldenCard.init)
            })
        #expect(motion.passed && motion.reducedFramesChecked > 30, "\(motion.message)")
        // The app's layout with the setting ignored fails on the reduced frames.
        #expect(!golden.checkLayout(reduceMotion: { offset, _ in layout(offset, false) }).passed)
        // A golden of the full motion alone does not hold both.
        let one = golden.checkLayout(reduceMotion: layout)
        let fullOnly = try GoldenFixture.golden(GoldenFixture.lines(), source: "next.jsonl")
        let missing = fullOnly.checkLayout(reduceMotion: { offset, _ in
            Layout.frame(GoldenFixture.parameters, offset: offset).cards.map(GoldenCard.init)
        })
        #expect(one.passed && !missing.passed && missing.message.contains("holds no frame with Reduce Motion on"))
    }
}
