import Testing

@testable import CardLayout

/// A deck that does not wrap goes past its edges under a finger and in a bounce
/// (docs/layouts.md §8): every style draws an offset outside `[0, (cards − 1)·spacing]` by its
/// own formulas, with no clamp: the edge card keeps moving the way it moved into the edge.
@Suite struct EdgeOffsetTests {
    static func parameters(_ style: Style) -> Parameters {
        var p = Parameters()
        p.layout.style = style
        p.layout.cards = 9
        p.layout.wrap = false
        return p
    }

    /// Where `item` is drawn at `offset`: its projected corners, or its position.
    static func points(of item: Int, at offset: Double, _ p: Parameters) -> [Double]? {
        let frame = Layout.frame(p, offset: offset, pastEdges: true)
        guard let card = frame.cards.first(where: { $0.item == item }) else { return nil }
        let points = card.quad ?? [card.position]
        return points.flatMap { [$0.x, $0.y] } + [card.scale, card.alpha]
    }

    @Test(arguments: Style.allCases)
    func theEdgeCardMovesOnPastEitherEdge(_ style: Style) throws {
        let p = Self.parameters(style)
        let spacing = p.layout.spacing
        let last = Double(p.layout.cards - 1) * spacing
        for (item, edge, outward) in [(0, 0.0, -1.0), (p.layout.cards - 1, last, 1.0)] {
            let delta = 0.02 * spacing * outward
            let frame = Layout.frame(p, offset: edge + 10 * delta, pastEdges: true)
            #expect(frame.offset == edge + 10 * delta, "\(style): the frame keeps the offset past the edge")
            #expect(!frame.cards.isEmpty && frame.cards.allSatisfy(\.isFinite))
            let inside = try #require(Self.points(of: item, at: edge - delta, p))
            let atEdge = try #require(Self.points(of: item, at: edge, p))
            let outside = try #require(Self.points(of: item, at: edge + delta, p), "\(style): item \(item) is drawn")
            // No clamp: moving on past the edge changes the picture about as much as the
            // last step into it did (a clamp would leave it unchanged).
            let into = zip(atEdge, inside).map { abs($0 - $1) }.max() ?? 0
            let past = zip(outside, atEdge).map { abs($0 - $1) }.max() ?? 0
            #expect(into > 1e-9 && past > 0.25 * into, "\(style) at \(edge): \(into) into the edge, \(past) past it")
        }
    }
}
