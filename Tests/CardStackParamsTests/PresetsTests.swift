import CardLayout
import CardStackParams
import Foundation
import Testing

/// Every preset in Config/presets is a valid parameter file for its own style.
@Suite struct PresetsTests {
    /// Config/presets, found from this file's place in the repository.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/presets")

    @Test(arguments: Style.allCases)
    func presetParses(_ style: Style) throws {
        let url = Self.directory.appendingPathComponent("\(style.rawValue).toml")
        let bytes = try [UInt8](Data(contentsOf: url))
        let resolved = try ParamsDocument.parameters(from: bytes, path: url.path)
        #expect(resolved.parameters.layout.style == style)
        #expect(resolved.warnings.isEmpty)
        // A resting frame of the preset shows cards.
        #expect(!Layout.frame(resolved.parameters, offset: 0).cards.isEmpty)
    }

    @Test func thereIsOnePresetPerStyle() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".toml") }
        #expect(Set(names) == Set(Style.allCases.map { "\($0.rawValue).toml" }))
    }

    @Test func iCarouselPresetsUseTheSourcesPerspectiveAndItemWidth() throws {
        for style in Style.allCases where CarouselType(style) != nil {
            let url = Self.directory.appendingPathComponent("\(style.rawValue).toml")
            let p = try ParamsDocument.parameters(from: [UInt8](Data(contentsOf: url))).parameters
            #expect(p.layout.m34 == -0.002 && p.card.width == 200, "\(style)")
            #expect(p.layout.wrap == style.defaultWrap, "\(style)")
        }
    }
}
