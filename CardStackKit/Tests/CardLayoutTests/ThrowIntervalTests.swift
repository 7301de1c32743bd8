import Testing

@testable import CardLayout

/// Issue 46's measure, as a unit test of the models with no daemon: sampled at 60 frames a
/// second, a throw's first frame interval moves within 2 % of the release velocity, and its
/// last moving interval at most 2 % of its peak, for 300, 2,000 and 6,000 pt/s, from a card
/// and from between two, both ways. The flip pan ignores the release velocity (its source
/// does), so only the landing half holds for it.
@Suite struct ThrowIntervalTests {
    func intervals(_ m: ScrollMotion) -> [Double] {
        let x = frames(m, fps: 60)
        return zip(x.dropFirst(), x).map { ($0 - $1) * 60 }
    }

    @Test(arguments: [ScrollModel.scrollView, .icarousel], [300.0, 2000, 6000, -300, -2000, -6000])
    func aThrowStartsAtTheFingersSpeedAndLandsSlowly(model: ScrollModel, velocity: Double) {
        let p = deck(model, cards: 100_000)
        for from in [30_000.0, 30_013] {
            let m = ScrollMotion.release(from: from, velocity: velocity, p)
            let v = intervals(m)
            #expect(abs(v[0] - velocity) <= 0.02 * abs(velocity), "\(model) from \(from): first \(v[0])")
            let peak = v.map(abs).max() ?? 0
            let last = v.last { $0 != 0 } ?? 0
            #expect(abs(last) <= 0.02 * peak, "\(model) from \(from): last \(last) of \(peak)")
            #expect(m.velocity(at: m.end) == 0 && m.position(at: m.end) == m.to)
        }
    }

    @Test func theFlipsReleaseLandsSlowly() {
        let p = deck(.flip, wrap: true) { $0.layout.spacing = 150 }
        for from in [40.0, 20, -20, -40] {
            let v = intervals(FlipPan.release(from: from, base: 0, p))
            let peak = v.map(abs).max() ?? 0
            #expect(abs(v.last { $0 != 0 } ?? 0) <= 0.2 * peak, "ease in and out: slow at the end")
        }
    }

    @Test func slowdownStretchesEveryModel() {
        for model in ScrollModel.allCases {
            let p = deck(model, cards: 1000)
            var q = p
            q.animation.slowdown = 4
            let m = ScrollMotion.release(from: 3000 + 40, velocity: 2000, p)
            let slow = ScrollMotion.release(from: 3000 + 40, velocity: 2000, q)
            #expect(close(slow.end, 4 * m.end))
            for t in [0.1, 0.5, 1.0] { #expect(slow.position(at: 4 * t) == m.position(at: t), "\(model)") }
        }
    }
}
