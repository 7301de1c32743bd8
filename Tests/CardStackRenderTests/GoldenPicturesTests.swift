import CardLayout
import Foundation
import Testing

@testable import CardStackRender

/// `verify --report`'s and `diff --report`'s pictures as values: the shortened pauses and the
/// plot's text, without files.
@Suite struct GoldenPicturesTests {
    func pictures(times: [Double], shift: Double = 0) -> GoldenPictures {
        let left = times.indices.map { Layout.frame(Parameters(), offset: Double($0) * 10) }
        let right = times.indices.map { Layout.frame(Parameters(), offset: Double($0) * 10 + shift) }
        return GoldenPictures(left: left, right: right, times: times, labels: ("recorded", "a <b> & c"), first: nil)
    }

    @Test func aPauseLongerThanTheLongestShowsForTheLongest() {
        let shown = pictures(times: [10, 10.1, 13, 13.2, 20]).shownTimes
        let expected = [0, 0.1, 0.6, 0.8, 1.3]
        #expect(shown.count == expected.count)
        for (a, b) in zip(shown, expected) { #expect(abs(a - b) < 1e-9) }
    }

    @Test func timesThatGoBackShowNoPause() {
        let shown = pictures(times: [5, 4, 4.25]).shownTimes
        #expect(shown == [0, 0, 0.25])
    }

    @Test func thePlotHasADotPerLeftFrameAndOneLineForTheRight() {
        let svg = pictures(times: [0, 0.1, 0.2, 2]).plot()
        #expect(svg.components(separatedBy: "class=\"recorded\"").count - 1 == 4)
        #expect(svg.components(separatedBy: "class=\"computed\"").count - 1 == 1)
        #expect(!svg.contains("first-divergence"))
        #expect(svg.contains("pauses over 0.5 s shortened"))
        // The legend is escaped text.
        #expect(svg.contains("a &lt;b> &amp; c"))
    }
}
