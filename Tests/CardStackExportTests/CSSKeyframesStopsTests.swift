import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackExport

/// Every card's keyframes hold each moment once: no `@keyframes` ends with two `100%` stops
/// (a card that vanishes in a segment's last `switchWidth` kept its end twice).
@Suite struct CSSKeyframesStopsTests {
    @Test(arguments: Style.allCases)
    func eachMomentIsKeptOnce(_ style: Style) {
        var p = Parameters()
        p.layout.style = style
        for animate in [ExportAnimation.next, .prev] {
            let keyframes = CSSKeyframes(ExportTransition(p, from: 0, animate: animate))
            for key in keyframes.keys {
                let moments = keyframes.moments[key] ?? []
                #expect(moments.first?.fraction == 0 && moments.last?.fraction == 1, "\(style) \(key)")
                #expect(
                    zip(moments, moments.dropFirst()).allSatisfy { $0.fraction < $1.fraction },
                    "\(style) \(animate) \(key): a moment twice")
            }
        }
    }
}
