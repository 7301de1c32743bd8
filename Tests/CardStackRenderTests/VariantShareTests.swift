import CardStackProtocol
import Testing

@testable import CardStackRender

/// The page's shared grid: what counts as one, its labels, and a body that cannot be drawn.
@Suite struct VariantShareTests {
    @Test func aGridStartsWithItsVariantsEvent() {
        #expect(VariantShare.isGrid(Array(#"{"event":"variants","cells":[]}"#.utf8)))
        #expect(!VariantShare.isGrid(Array(#"{"event":"frame","seq":1}"#.utf8)))
    }

    @Test func labelsNameEveryKeyInOneOrder() {
        let overlay: JSONValue = .object([
            ("layout", .object([("spacing", .number(30))])),
            ("animation", .object([("spring", .object([("bounce", .number(0.25))]))])),
        ])
        #expect(VariantShare.label(overlay) == "animation.spring.bounce=0.25, layout.spacing=30")
    }

    @Test func aBodyWithoutItsFramesIsRefused() {
        #expect(throws: (any Error).self) { try VariantShare.render(Array("not json\n".utf8), format: .gif) }
        #expect(throws: (any Error).self) { try VariantShare.render([], format: .gif) }
    }
}
