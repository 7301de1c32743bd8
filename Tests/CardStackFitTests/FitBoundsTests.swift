import CardStackFit
import Testing

/// `cardstack fit`'s numbers and the bridge's `POST /fit` checked by one validator (issue
/// 44): the values that crashed the fit or made it run for ever are refused, naming the
/// range; the values a clip really has pass.
@Suite struct FitBoundsTests {
    @Test func theStageMustBeNearTheClipWithAScaleInRange() {
        #expect(FitBounds.stageProblem(x: 30, y: 24, scale: 0.5333, width: 260, height: 480) == nil)
        #expect(FitBounds.stageProblem(x: -260, y: 480, scale: 100, width: 260, height: 480) == nil)
        #expect(FitBounds.stageProblem(x: 0, y: 0, scale: 0.01, width: 260, height: 480) == nil)
        let tiny = FitBounds.stageProblem(x: 1e308, y: 1e308, scale: 1e-300, width: 320, height: 240)
        #expect(tiny == "the stage's scale is 1e-300 clip pixels per point; it must be in [0.01, 100]")
        #expect(
            FitBounds.stageProblem(x: 0, y: 0, scale: 100_000, width: 320, height: 240)?.contains("[0.01, 100]") == true
        )
        let far = FitBounds.stageProblem(x: -100_000, y: -100_000, scale: 50, width: 320, height: 240)
        #expect(far?.contains("x must be in [-320, 320] and y in [-240, 240]") == true)
        #expect(FitBounds.stageProblem(x: .nan, y: 0, scale: 1, width: 320, height: 240) != nil)
        #expect(FitBounds.stageProblem(x: 0, y: 0, scale: .infinity, width: 320, height: 240) != nil)
        #expect(FitBounds.scaleProblem(0) != nil && FitBounds.scaleProblem(1) == nil)
    }

    @Test func theMarkMustBeInsideTheClip() {
        #expect(FitBounds.markProblem(x: 0, y: 0, width: 320, height: 240) == nil)
        #expect(FitBounds.markProblem(x: 320, y: 240, width: 320, height: 240) == nil)
        #expect(FitBounds.markProblem(x: 1e308, y: 1e308, width: 320, height: 240)?.contains("[0, 320]") == true)
        #expect(FitBounds.markProblem(x: -1, y: 5, width: 320, height: 240) != nil)
        #expect(FitBounds.markProblem(x: 5, y: .nan, width: 320, height: 240) != nil)
    }

    @Test func theTimeLimitAndTheOffsetAreInRange() {
        #expect(FitBounds.timeLimitProblem(FitBounds.commandTimeLimit) == nil)
        #expect(FitBounds.timeLimitProblem(0) != nil && FitBounds.timeLimitProblem(.infinity) != nil)
        #expect(FitBounds.timeLimitProblem(86_401) != nil)
        #expect(FitBounds.offsetProblem(-3) == nil && FitBounds.offsetProblem(1e308) != nil)
    }
}
