import RealModule
import Testing

@testable import CardLayout

/// UIScrollView's rubber band while a finger drags past an edge: `f(x) = (1 − 1/(x·c/d + 1))·d`.
@Suite struct ScrollViewBandTests {
    @Test func theBandIsTheClosedForm() {
        for c in [0.55, 0.3, 1.0] {
            for d in [667.0, 375.0, 960.0] {
                for x in [0.0, 0.5, 5, 10, 100, 400, 960, 5000] {
                    let f = ScrollView.rubberBand(x, constant: c, extent: d)
                    #expect(close(f, (1 - 1 / (x * c / d + 1)) * d))
                    #expect(ScrollView.rubberBand(-x, constant: c, extent: d) == -f, "the same past either edge")
                    #expect(f < d, "never as far as the viewport")
                    if x > 0 { #expect(f < x, "always behind the finger") }
                    #expect(close(ScrollView.unband(f, constant: c, extent: d), x), "the inverse")
                }
            }
        }
    }

    /// The values of "Analysis of Apple's rubber band scrolling" (c 0.55, d 960), to 2 decimals.
    @Test(arguments: [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)])
    func thePublishedValues(x: Double, b: Double) {
        #expect(abs(ScrollView.rubberBand(x, constant: 0.55, extent: 960) - b) < 0.005)
    }

    @Test func aDragPastEitherEdgeIsBandedInsideItIsOneToOne() {
        let p = deck(.scrollView)  // 11 cards of 30: edges 0 and 300; the stack's extent 667
        let band = { (x: Double) in (1 - 1 / (x * 0.55 / 667 + 1)) * 667 }
        for finger in [0.0, 0.1, 150, 299.9, 300] { #expect(ScrollView.dragged(finger, p) == finger) }
        for x in [1e-9, 1, 50, 200, 1000] {
            #expect(close(ScrollView.dragged(-x, p), -band(x)), "before the first card")
            #expect(close(ScrollView.dragged(300 + x, p), 300 + band(x)), "after the last card")
            #expect(close(ScrollView.finger(showing: ScrollView.dragged(-x, p), p), -x))
            #expect(close(ScrollView.finger(showing: ScrollView.dragged(300 + x, p), p), 300 + x))
        }
    }

    @Test func withoutBouncesTheEdgesAreWallsAndAWrappingDeckHasNone() {
        let walls = deck(.scrollView) { $0.scroll.bounces = false }
        #expect(ScrollView.dragged(-50, walls) == 0)
        #expect(ScrollView.dragged(350, walls) == 300)
        let ring = deck(.scrollView, wrap: true)
        for x in [-50.0, 350, 1e6] { #expect(ScrollView.dragged(x, ring) == x) }
        #expect(ScrollView.edges(ring) == nil)
    }

    @Test func theConstantAndTheExtentAreTheParameters() {
        let p = deck(.scrollView) {
            $0.scroll.rubberBand = 0.3
            $0.viewport.height = 500
        }
        #expect(close(ScrollView.dragged(-100, p), -(1 - 1 / (100 * 0.3 / 500 + 1)) * 500))
    }
}
