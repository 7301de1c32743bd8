import Foundation
import Testing

@testable import CardLayout

@Suite struct RevealTests {
    @Test func theRadiusReachesTheFarthestCorner() {
        #expect(Reveal.coveringRadius(from: Point(0, 0), width: 3, height: 4) == 5)
        #expect(Reveal.coveringRadius(from: Point(1, 1), width: 4, height: 5) == 5)
        #expect(Reveal.coveringRadius(from: Point(2, 2.5), width: 4, height: 5) == (4 + 6.25).squareRoot())
    }

    @Test func itIsCentredOnTheCardsQuad() throws {
        var frame = Layout.frame(Parameters(), offset: 0)
        let quad = try #require(frame.cards.last?.quad)
        let centre = try #require(Reveal.center(of: frame.front, in: frame))
        #expect(abs(centre.x - quad.map(\.x).reduce(0, +) / 4) < 1e-12)
        #expect(Reveal.center(of: 999, in: frame) == nil)
        let half = Reveal.at(item: frame.front, center: centre, progress: 0.5, in: frame)
        #expect(half.radius == 0.5 * Reveal.coveringRadius(from: centre, width: 375, height: 667))
        frame.reveal = half
        let json = try JSONEncoder().encode(frame)
        #expect(try JSONDecoder().decode(Frame.self, from: json) == frame)
        #expect(String(decoding: json, as: UTF8.self).contains("\"reveal\""))
        frame.reveal = nil
        #expect(!String(decoding: try JSONEncoder().encode(frame), as: UTF8.self).contains("reveal"))
    }
}
