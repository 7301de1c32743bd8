import CardLayout
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackParams

@Suite struct SchemaInfoTests {
    let keys = ParamsSchema.schemaInfo.keys

    func key(_ name: String) -> SchemaKey? { keys.first { $0.key == name } }

    @Test func everyKeyInTheFilesOrder() {
        #expect(keys.map(\.key) == ParamsSchema.knownKeys)
    }

    /// The `params` writer copies table and key names without escaping them.
    @Test func namesNeedNoEscaping() {
        for key in ParamsSchema.knownKeys {
            #expect(
                key.utf8.allSatisfy {
                    $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || (48...57).contains($0)
                        || (97...122).contains($0)
                }, "\(key)")
        }
    }

    /// A key's documentation lives with its schema entry: one without `.doc(meaning:)` fails here.
    @Test func everyKeyIsDocumented() {
        for key in ParamsSchema.knownKeys {
            #expect(ParamsSchema.doc(for: key)?.meaning.isEmpty == false, "\(key) has no .doc(meaning:)")
        }
    }

    /// An override table's key is documented as the file's key it stands in for, with that
    /// key's own meaning.
    @Test func everyReducedKeyIsDocumentedAsItsFileKey() {
        for key in ParamsSchema.knownKeys {
            guard let overridden = ParamsSchema.overriddenKey(key) else { continue }
            let meaning = ParamsSchema.doc(for: overridden)?.meaning ?? ""
            #expect(!meaning.isEmpty, "\(key) overrides \(overridden), which is not documented")
            #expect(
                ParamsSchema.doc(for: key)?.meaning == "with Reduce Motion on, in place of `\(overridden)`: \(meaning)")
        }
    }

    /// `[reduced]`'s override tables have no value reader of their own; each of their keys has one.
    @Test func overrideTablesAreWrittenByTheirKeys() {
        let reduced = ParamsSchema.schema.first { $0.table == "reduced" }?.keys ?? []
        #expect(reduced.filter(\.isTable).map(\.name) == ["animation", "layout", "carousel"])
        #expect(reduced.allSatisfy { ($0.value == nil) == $0.isTable })
        #expect(ParamsSchema.reducedTables.allSatisfy { $0.keys.allSatisfy { $0.value != nil } })
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

    /// `styles`: the styles that read a key, from its schema entry; absent when every style does.
    @Test func stylesThatReadEachKey() throws {
        #expect(key("layout.flip_range")?.styles == ["stack", "flip"])
        #expect(key("layout.scale_step")?.styles == ["stack", "flip", "switcher7", "zoom_flow"])
        let carousel = Style.allCases.filter { CarouselType($0) != nil }.map(\.rawValue)
        #expect(carousel.count == 11 && !carousel.contains("stack") && carousel.contains("coverflow2"))
        let carouselKeys = keys.filter { $0.key.hasPrefix("carousel.") }
        #expect(carouselKeys.count > 0 && carouselKeys.allSatisfy { $0.styles == carousel })
        for look in ["card.corner_radius", "card.width", "layout.spacing", "layout.style", "animation.fps"] {
            #expect(try #require(key(look)).styles == nil, "\(look) is read by every style")
        }
        // Only a few keys are style-specific; each names known styles, in `Style`'s order.
        for entry in keys {
            guard let styles = entry.styles else { continue }
            let order = styles.compactMap { s in Style.allCases.firstIndex { $0.rawValue == s } }
            #expect(order.count == styles.count && order == order.sorted() && !styles.isEmpty, "\(entry.key)")
        }
        let reply = String(decoding: try WireJSON.encode(ParamsSchema.schemaInfo), as: UTF8.self)
        #expect(reply.contains(#""key":"layout.flip_range""#) && reply.contains(#""styles":["stack","flip"]"#))
    }
}
