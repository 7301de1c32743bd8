import RealModule
import Testing

@testable import CardLayout

/// How long a throw runs (docs/protocol.md §9, "animation"): UIScrollView's throw has no cap,
/// but it lands within `2·(ln 100 + 1)/k` seconds, k = −1000·ln(animation.deceleration):
/// its decay runs until the speed is 1 % of the release's at a rate of at least k/2, and
/// the constant deceleration that lands it takes at most 1/(k/2) more.
@Suite struct ThrowLengthTests {
    @Test(arguments: [0.99, 0.998, 0.9999])
    func aThrowLandsWithinItsBound(_ deceleration: Double) {
        var p = Parameters()
        p.layout.wrap = true
        p.layout.cards = 1000
        p.animation.deceleration = deceleration
        let k = ScrollView.decayRate(deceleration)
        let bound = 2 * (Double.log(100) + 1) / k
        for velocity in [-30000.0, -6000, -2000, -300, 300, 2000, 6000, 30000] {
            for offset in [0.0, 7.5, 15, 29] {
                let motion = ScrollMotion.release(from: offset, velocity: velocity, p)
                #expect(motion.end <= bound, "\(velocity) pt/s from \(offset) at \(deceleration)")
                #expect(motion.velocity(at: 0) == velocity, "from exactly the release velocity")
            }
        }
    }
}
