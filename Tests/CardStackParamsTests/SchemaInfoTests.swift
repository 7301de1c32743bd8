import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackParams

@Suite struct SchemaInfoTests {
    let keys = ParamsSchema.schemaInfo.keys

    func key(_ name: String) -> SchemaKey? { keys.first { $0.key == name } }

    @Test func everyKeyInTheFilesOrder() {
        #expect(keys.map(\.key) == ParamsSchema.knownKeys)
    }

    @Test func rangesAndTypes() throws {
        let spacing = try #require(key("layout.spacing"))
        #expect(spacing.type == "number")
        #expect(spacing.min == 0 && spacing.max == 100_000)
        #expect(spacing.minInclusive == false && spacing.maxInclusive == true)
        #expect(
            spacing.default == .number(Parameters().layout.spacing)
                || spacing.default == .integer(Int64(Parameters().layout.spacing)))
        let fps = try #require(key("animation.fps"))
        #expect(fps.type == "integer" && fps.min == 1 && fps.max == 240)
        #expect(key("layout.wrap")?.type == "boolean")
        #expect(key("layout.style")?.choices == Style.allCases.map(\.rawValue))
        #expect(key("card.anchor")?.type == "array")
        #expect(key("carousel.fade_min")?.type == "number")
    }

    @Test func styleDependentDefaultsNameEveryStyle() throws {
        let wrap = try #require(key("layout.wrap")?.byStyle)
        guard case .object(let entries) = wrap else {
            Issue.record("by_style is not an object")
            return
        }
        #expect(entries.map(\.key) == Style.allCases.map(\.rawValue))
        #expect(entries.first { $0.key == "coverflow" }?.value == .bool(Style.coverflow.defaultWrap))
        #expect(key("layout.style")?.byStyle == nil)
    }
}
