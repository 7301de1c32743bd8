import CardLayout
import Testing

@testable import CardStackFit

/// Stills made by cardstack's own layout from hidden numbers, fitted back.
@Suite struct PoseFitTests {
    func corners(_ p: Parameters, offset: Double, count: Int) -> [[Point]] {
        let frame = Layout.frame(p, offset: offset)
        return Array(frame.cards.sorted { $0.z > $1.z }.compactMap(\.quad).prefix(count))
    }

    @Test func recoversTheStacksPoseMidFlip() throws {
        var hidden = Parameters()
        hidden.layout.spacing = 36
        hidden.layout.scaleStep = 0.08
        hidden.layout.m34 = -1.0 / 1500
        hidden.card.width = 280
        hidden.card.height = 180
        hidden.card.anchor = [0.45, 0.9]
        let fit = try PoseFit(parameters: Parameters(), cards: corners(hidden, offset: 12, count: 4)).fit()
        #expect(abs(fit.parameters.layout.spacing - 36) < 1)
        #expect(abs(fit.parameters.layout.scaleStep - 0.08) < 0.01)
        #expect(abs(fit.parameters.layout.m34 / hidden.layout.m34 - 1) < 0.05)
        #expect(fit.undetermined.isEmpty)
        #expect(abs(fit.parameters.card.anchor[1] - 0.9) < 0.01)
        #expect(fit.residual.worst < 1)
    }

    @Test func aStillAtRestLeavesM34AsGiven() throws {
        var hidden = Parameters()
        hidden.layout.spacing = 24
        let fit = try PoseFit(parameters: Parameters(), cards: corners(hidden, offset: 0, count: 3)).fit()
        #expect(abs(fit.parameters.layout.spacing - 24) < 1)
        #expect(fit.undetermined.contains("m34"))
        #expect(fit.parameters.layout.m34 == Parameters().layout.m34)
    }

    @Test func oneCardIsAnError() {
        #expect(throws: FitError.self) {
            try PoseFit(parameters: Parameters(), cards: [[Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]]).fit()
        }
    }
}
