import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackExport

/// `--name` is checked against the names the Swift file really has: the lists in
/// ``ExportOptions`` must follow the generator, or a colliding prefix would slip through.
@Suite struct ExportNameTests {
    /// The identifiers of the Swift files every style exports.
    static let identifiers: Set<String> = {
        var names = Set<String>()
        for style in Style.allCases {
            var p = Parameters()
            p.layout.style = style
            let text = SwiftExport.text(p, origin: ExportOrigin(version: "test"))
            var word = ""
            for c in text.unicodeScalars {
                if c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" {
                    word.unicodeScalars.append(c)
                } else {
                    if !word.isEmpty { names.insert(word) }
                    word = ""
                }
            }
        }
        return names
    }()

    @Test func theGeneratedSuffixesAreTheFilesTypes() {
        let generated = Set(
            Self.identifiers.filter { $0.hasPrefix("Tuned") && $0.count > 5 && $0.dropFirst(5).first!.isUppercase }
                .map { String($0.dropFirst(5)) })
        #expect(generated == Set(ExportOptions.generatedSuffixes))
    }

    @Test func everyNameAPrefixCouldSpellIsListed() {
        for name in Self.identifiers where !name.hasPrefix("Tuned") {
            for suffix in ExportOptions.generatedSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
                let prefix = String(name.dropLast(suffix.count))
                guard ExportOptions.isValidName(prefix) || ExportOptions.namesUsed[name] != nil else { continue }
                #expect(ExportOptions.namesUsed[name] != nil, "\(name) is used by the file but not listed")
            }
        }
    }

    @Test func collidingPrefixesAreRefusedWithTheReason() {
        #expect(ExportOptions.nameProblem("UI")?.contains("UICollectionViewLayout") == true)
        #expect(ExportOptions.nameProblem("i")?.contains("iCarouselDelegate") == true)
        #expect(ExportOptions.nameProblem("Card")?.contains("CardLayout") == true)
        #expect(ExportOptions.nameProblem("Checkout") == nil)
        #expect(ExportOptions.nameProblem("Tuned") == nil)
    }

    @Test func aTitleIsNeverRenamed() {
        var p = Parameters()
        p.card.titles = ["TunedLayout", "TunedCard"]
        let text = SwiftExport.text(p, origin: ExportOrigin(version: "test"), name: "Checkout")
        #expect(text.contains("p.card.titles = [\"TunedLayout\", \"TunedCard\"]"))
        #expect(text.contains("public enum CheckoutLayout"))
    }

    @Test(arguments: [1e-20, -1e-20, 0.0, -0.0, 1e-300, 5e-324, 1.5e300, 123.456, -0.002, 1e15, 2.5e-7])
    func cssNumbersArePlainDecimalsThatReadBack(x: Double) {
        let text = CSSExport.number(x)
        #expect(!text.contains("e") && !text.hasSuffix(".") && text != "-0")
        #expect(Double(text) == (x == 0 ? 0 : x), "\(x) -> \(text)")
    }
}
