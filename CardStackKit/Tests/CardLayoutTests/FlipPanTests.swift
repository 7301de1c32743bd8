import Testing

@testable import CardLayout

/// seedante's pan (docs/layouts.md §5.3): progress = translation / 150, half way decides,
/// 0.3 s on, 0.2 s back, ease in and out.
@Suite struct FlipPanTests {
    /// The flip preset's spacing: one card per 150 points.
    let p = deck(.flip, cards: 11, wrap: true) { $0.layout.spacing = 150 }

    @Test func theProgressIsTheTranslationOver150() {
        for t in [-150.0, -75, -1, 0, 1, 75, 149, 150] {
            let offset = FlipPan.dragged(translation: t, base: 300, p)
            #expect(close(FlipPan.progress(offset, base: 300, p), t / 150), "translation \(t)")
            #expect(close(offset, 300 + t / 150 * 75), "the flip is the first half of a step")
        }
        #expect(FlipPan.dragged(translation: 400, base: 300, p) == 375, "a whole turn at most")
        #expect(FlipPan.dragged(translation: -400, base: 300, p) == 225)
    }

    @Test func halfWayCompletesIn03SecondsLessFallsBackIn02() {
        let half = FlipPan.dragged(translation: 75, base: 300, p)
        var m = FlipPan.release(from: half, base: 300, p)
        #expect(m.pieces == [.eased(from: half, to: 450, duration: 0.3, curve: .timing(.easeInOut))])
        let under = half.nextDown  // progress just under ½
        #expect(FlipPan.progress(under, base: 300, p) < 0.5)
        m = FlipPan.release(from: under, base: 300, p)
        #expect(m.pieces == [.eased(from: under, to: 300, duration: 0.2, curve: .timing(.easeInOut))])
        #expect(close(m.position(at: 0.1), under + (300 - under) * TimingCurve.easeInOut.value(at: 0.5)))
        let back = FlipPan.dragged(translation: -75, base: 300, p)
        #expect(FlipPan.release(from: back, base: 300, p).to == 150, "an upward pan half way: the card before")
        let little = FlipPan.dragged(translation: -74, base: 300, p)
        #expect(FlipPan.release(from: little, base: 300, p).to == 300)
        #expect(FlipPan.release(from: 300, base: 300, p) == .none)
    }

    @Test func aDeckThatDoesNotWrapKeepsItsEnds() {
        let q = deck(.flip, cards: 3) { $0.layout.spacing = 150 }
        #expect(FlipPan.dragged(translation: -100, base: 0, q) == 0)
        #expect(FlipPan.dragged(translation: 100, base: 300, q) == 300)
        #expect(FlipPan.release(from: 299, base: 300, q).to == 300)
        let wrapped = FlipPan.dragged(translation: -100, base: 0, p)
        #expect(wrapped < 0, "a wrapping deck goes round")
        #expect(FlipPan.release(from: wrapped, base: 0, p).to == -150)
    }
}
