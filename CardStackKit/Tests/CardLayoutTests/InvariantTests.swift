import CardLayout
import CardStackTestSupport
import Testing

/// Properties every frame must have, over many random parameter sets and offsets.
@Suite struct InvariantTests {
    /// A small deterministic generator, so failures reproduce.
    typealias Generator = SplitMix64

    static func randomParameters(_ g: inout Generator) -> Parameters {
        var p = Parameters()
        p.layout.cards = Int.random(in: 1...2_000, using: &g)
        p.layout.wrap = Bool.random(using: &g)
        p.layout.spacing = Double.random(in: 0.5...500, using: &g)
        p.layout.scaleStep = Double.random(in: 0.01...1, using: &g)
        p.layout.m34 = Double.random(in: -0.1...0.1, using: &g)
        let f0 = Double.random(in: 0...2, using: &g)
        p.layout.flipRange = [f0, f0 + Double.random(in: 0.001...1, using: &g)]
        p.card.width = Double.random(in: 1...2_000, using: &g)
        p.card.height = Double.random(in: 1...2_000, using: &g)
        p.card.anchor = [Double.random(in: 0...1, using: &g), Double.random(in: 0...1, using: &g)]
        p.viewport.width = Double.random(in: 1...3_000, using: &g)
        p.viewport.height = Double.random(in: 1...3_000, using: &g)
        return p
    }

    /// Whether the polygon turns the same way at every corner (degenerate edges allowed).
    static func isConvex(_ quad: [Point]) -> Bool {
        var sign = 0.0
        let scale = quad.map { max(abs($0.x), abs($0.y)) }.max() ?? 1
        for k in 0..<4 {
            let a = quad[k]
            let b = quad[(k + 1) % 4]
            let c = quad[(k + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) <= 1e-9 * max(scale * scale, 1) { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    @Test func everyFrameIsWellFormed() {
        var g = Generator(seed: 2015)
        for _ in 0..<400 {
            let p = Self.randomParameters(&g)
            for _ in 0..<10 {
                let offset = Double.random(in: -1e6...1e6, using: &g)
                let frame = Layout.frame(p, offset: offset)
                #expect(frame.offset.isFinite)
                #expect(frame.front >= 0 && frame.front < p.layout.cards)
                var previousZ = Int.min
                for c in frame.cards {
                    #expect(c.alpha > 0 && c.alpha <= 1)
                    #expect(c.scale > 0 && c.scale <= 1)
                    #expect(c.z > previousZ)
                    previousZ = c.z
                    #expect(c.item >= 0 && c.item < p.layout.cards)
                    let numbers = c.transform.entries + [c.ratio, c.position.x, c.position.y, c.scale, c.alpha]
                    #expect(numbers.allSatisfy { $0.isFinite })
                    if let quad = c.quad {
                        #expect(quad.allSatisfy { $0.x.isFinite && $0.y.isFinite })
                        #expect(Self.isConvex(quad), "non-convex quad \(quad) for \(p) at \(offset)")
                    }
                    if !p.layout.wrap { #expect(c.index >= 0 && c.index < p.layout.cards) }
                }
            }
        }
    }
}
