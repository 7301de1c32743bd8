import CardLayout
import Testing

/// The one projective map of the plane (`Homography`): the renderer's and the viewer's
/// four-point solve, fit's square-to-quad, the inverse and composition.
@Suite struct HomographyTests {
    /// A quad in perspective (no two sides parallel) and a plain rectangle.
    let quad = [Point(12, 30), Point(230, 8), Point(260, 310), Point(-5, 280)]
    let rectangle = [Point(0, 0), Point(640, 0), Point(640, 480), Point(0, 480)]
    let square = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]

    func close(_ a: Point?, _ b: Point, _ tolerance: Double) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func fourPointsGoWhereTheyAreSent() throws {
        let h = try #require(Homography(from: rectangle, to: quad))
        for (a, b) in zip(rectangle, quad) { #expect(close(h.apply(a), b, 1e-9), "\(a) -> \(b)") }
        let s = try #require(Homography(squareTo: quad))
        for (a, b) in zip(square, quad) { #expect(close(s.apply(a), b, 1e-9), "\(a) -> \(b)") }
        #expect(s.m[8] == 1 && h.m[8] == 1)
    }

    @Test func theSquareToQuadIsTheFourPointSolveFromTheSquare() throws {
        let closed = try #require(Homography(squareTo: quad))
        let solved = try #require(Homography(from: square, to: quad))
        for (a, b) in zip(closed.m, solved.m) { #expect(abs(a - b) <= 1e-9 * max(1, abs(b))) }
        for p in [Point(0.5, 0.5), Point(0.2, 0.9), Point(1.3, -0.2)] {
            let want = try #require(solved.apply(p))
            #expect(close(closed.apply(p), want, 1e-9))
        }
    }

    @Test func theInverseAfterTheMapIsTheIdentity() throws {
        for h in [try #require(Homography(squareTo: quad)), try #require(Homography(from: rectangle, to: quad))] {
            let product = h.inverse.after(h).m
            // Defined up to scale: the adjugate gives det · I.
            let identity = product.map { $0 / product[8] }
            for (got, want) in zip(identity, [1.0, 0, 0, 0, 1, 0, 0, 0, 1]) { #expect(abs(got - want) <= 1e-9) }
            for p in [Point(3, 4), Point(100, 200), Point(-40, 350)] {
                let there = try #require(h.apply(p))
                #expect(close(h.inverse.apply(there), p, 1e-9))
            }
        }
    }

    @Test func compositionAppliesTheRightHandMapFirst() throws {
        let a = try #require(Homography(from: rectangle, to: quad))
        let b = try #require(Homography(squareTo: rectangle))
        for p in [Point(0.25, 0.75), Point(0.5, 0.5), Point(1, 0)] {
            let once = try #require(b.apply(p))
            let twice = try #require(a.apply(once))
            #expect(close(a.after(b).apply(p), twice, 1e-9))
        }
    }

    @Test func noMapForDegenerateCornersAndNoPointAtTheHorizon() throws {
        let collinear = [Point(0, 0), Point(1, 1), Point(2, 2), Point(0, 1)]
        #expect(Homography(from: collinear, to: quad) == nil)
        #expect(Homography(from: rectangle, to: [Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0)]) == nil)
        #expect(Homography(squareTo: [Point(0, 0), Point(1, 0), Point(2, 0), Point(3, 0)]) == nil)
        #expect(Homography(from: Array(rectangle.prefix(3)), to: Array(quad.prefix(3))) == nil)
        #expect(Homography(squareTo: Array(quad.prefix(3))) == nil)
        // w = 0 on the line the map sends to infinity: here x = 1.
        let h = Homography(matrix: [1, 0, 0, 0, 1, 0, 1, 0, -1])
        #expect(h.apply(Point(1, 5)) == nil)
        #expect(h.apply(Point(2, 5)) == Point(2, 5))
    }

    /// Moved from CardStackFit's tests (its `CardHomography` is this type now): the map of a
    /// card turned in depth agrees with the layout's own projection of points on it, and its
    /// inverse takes them back.
    @Test func agreesWithTheLayoutOnATurnedCard() throws {
        var p = Parameters()
        p.layout.style = .rotary
        p.layout.m34 = -0.002
        p.card.width = 200
        p.card.height = 200
        p.layout.spacing = 200
        for offset in [0.0, 60, 130] {
            let card = try #require(Layout.frame(p, offset: offset).cards.first { $0.item == 0 })
            let quad = try #require(card.quad)
            let h = try #require(Homography(squareTo: quad))
            for (u, v) in [(0.2, 0.3), (0.5, 0.95), (0.9, 0.1), (1.2, -0.1)] {
                let local = try #require(
                    card.transform.project(
                        x: (u - card.anchor.x) * card.size.width, y: (v - card.anchor.y) * card.size.height))
                let want = Point(card.position.x + local.x, card.position.y + local.y)
                #expect(close(h.apply(Point(u, v)), want, 1e-6), "\(offset) \(u) \(v)")
                #expect(close(h.inverse.apply(want), Point(u, v), 1e-9))
            }
        }
    }
}
