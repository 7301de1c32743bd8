import Testing

@testable import CardStackRender

/// The contact sheet's labels (`render --vary`, the page's grid Share) fit their cells: every
/// line within the stage's width and every line within the 22-point strip, whatever the
/// label's length (docs/render.md, "Variants"; issue 45 saw labels cut at the stage's edge).
@Suite struct LabelLayoutTests {
    typealias Layout = ContactSheet.LabelLayout

    /// A font whose every character is 0.6 of its size wide.
    static func advance(_ text: String, _ size: Double) -> Double { Double(text.count) * 0.6 * size }

    func fit(_ label: String, room: Double = 375, strip: Double = 22, scale: Double = 1) -> Layout {
        Layout.fit(label, room: room, strip: strip, scale: scale, advance: Self.advance)
    }

    /// Every line fits the width at the layout's size and all lines fit the strip's height.
    func fits(_ layout: Layout, room: Double = 375, strip: Double = 22) -> Bool {
        layout.lines.allSatisfy { Self.advance($0, layout.size) <= room + 1e-9 }
            && Double(layout.lines.count) * Layout.lineHeight * layout.size <= strip + 1e-9
    }

    @Test func aShortLabelIsOneLineAt13Points() {
        #expect(
            fit("spacing=20, animation.spring.bounce=0.15")
                == Layout(lines: ["spacing=20, animation.spring.bounce=0.15"], size: 13))
    }

    @Test func aWiderLabelShrinksOnOneLineDownTo6Points() {
        let label = String(repeating: "x", count: 80)  // 80 × 0.6 × 13 = 624 px at 13 points
        let layout = fit(label)
        #expect(layout.lines == [label] && layout.size < 13 && layout.size >= 6 && fits(layout))
    }

    @Test func aLabelTooWideAt6PointsBreaksAfterItsCommas() {
        let label = "animation.spring={\"damping_ratio\":0.7,\"response\":0.35}, layout.spacing=30"
        let layout = fit(label, room: 150)
        #expect(layout.lines.count > 1 && layout.lines.count <= 3 && fits(layout, room: 150))
        // Only the spaces after commas move: no character is lost.
        #expect(layout.lines.joined().filter { $0 != " " } == label.filter { $0 != " " })
    }

    @Test func aKeyValueWithoutCommasTooWideIsBrokenBetweenItsCharacters() {
        let label = "animation.curve=" + String(repeating: "q", count: 40)
        let layout = fit(label, room: 120)
        #expect(layout.lines.count > 1 && fits(layout, room: 120))
        #expect(layout.lines.joined() == label)
    }

    @Test func aLabelLongerThanThreeLinesEndsInAnEllipsisAndStillFits() {
        let label = (0..<40).map { "key\($0)=\($0)" }.joined(separator: ", ")
        let layout = fit(label, room: 150)
        #expect(layout.lines.count == 3 && layout.size >= 6 && fits(layout, room: 150))
        #expect(layout.lines.last!.hasSuffix("…"))
        #expect(label.filter { $0 != " " }.hasPrefix(String(layout.lines.joined().filter { $0 != " " }.dropLast())))
    }

    @Test(arguments: [1.0, 2.0])
    func everyLengthFitsAtEveryScale(scale: Double) {
        for n in stride(from: 1, through: 400, by: 7) {
            let label = (0..<n).map { "k\($0 % 10)=\($0)" }.joined(separator: ", ")
            for room in [60.0, 200, 375] {
                let layout = fit(label, room: room * scale, strip: 22 * scale, scale: scale)
                #expect(fits(layout, room: room * scale, strip: 22 * scale), "\(n) pairs in \(room) pt")
                #expect(layout.lines.count <= 3 && layout.size >= 6 * scale)
            }
        }
    }
}
