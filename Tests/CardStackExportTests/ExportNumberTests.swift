import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackExport

/// The exports' numbers (docs/exporting.md, "What goes into an app"): float noise gone, the
/// value kept to half a unit in the 13th digit.
@Suite struct ExportNumberTests {
    @Test func theIssuesNoiseIsGone() {
        #expect(ExportNumber.rounded(0.09999999999999998) == 0.1)
        #expect(ExportNumber.rounded(-95.50000000000006) == -95.5)
        #expect(ExportNumber.rounded(99.99999999999999) == 100)
        #expect(ExportNumber.rounded(0.1 + 0.2) == 0.3)
        #expect(CSSExport.unitless(0.09999999999999998) == "0.1")
        #expect(CSSExport.unitless(2.2204460500000003e-15) == "0.00000000000000222044605")
        // No absolute grid: a card scaled by 10⁻¹⁰ keeps an invertible matrix.
        #expect(CSSExport.unitless(8.90437724e-11) == "0.0000000000890437724")
        #expect(CSSExport.unitless(-0.0) == "0")
        #expect(CSSExport.px(-95.50000000000006) == "-95.5px")
    }

    @Test func aValueMovesByAtMostHalfAUnitInItsThirteenthDigit() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let exponent = Double.random(in: -9...5, using: &generator)
            var x = Double.random(in: 1..<10, using: &generator)
            for _ in 0..<Int(abs(exponent)) { x = exponent < 0 ? x / 10 : x * 10 }
            let r = ExportNumber.rounded(x)
            #expect(abs(r - x) <= 5.000001e-13 * abs(x), "\(x) → \(r)")
        }
        // What the file gives stays as given.
        for x in [0.2, 0.9, 0.3, 1.0, 30, 0.42, 246.74011002723395, 1e-3, 12345.678] {
            #expect(ExportNumber.rounded(x) == ExportNumber.rounded(ExportNumber.rounded(x)))
        }
        #expect(ExportNumber.rounded(0.42) == 0.42)
        #expect(ExportNumber.rounded(Double.infinity) == .infinity)
        #expect(ExportNumber.rounded(0) == 0)
    }

    @Test func everyNumberOfATokensTreeIsRounded() {
        let tree: JSONValue = .object([
            ("a", .number(0.09999999999999998)), ("b", .array([.number(99.99999999999999), .integer(3)])),
            ("c", .string("0.09999999999999998")),
        ])
        let expected: JSONValue = .object([
            ("a", .number(0.1)), ("b", .array([.number(100), .integer(3)])), ("c", .string("0.09999999999999998")),
        ])
        #expect(ExportNumber.rounded(tree) == expected)
    }

    @Test func imageFilesAreNamedRelativeToTheParameterFile() {
        let files = ["/home/me/deck/shots/a.png", "/home/me/deck/shots/b.png", "/srv/art/c.png"]
        #expect(
            ExportOrigin.relativeImageFiles(files, directory: "/home/me/deck") == [
                "shots/a.png", "shots/b.png", "c.png",
            ])
        #expect(ExportOrigin.relativeImageFiles(["./x/a.png"], directory: ".") == ["x/a.png"])
    }
}

/// `TunedLook.images` (docs/exporting.md, "The look"): the files, not the glob, and never
/// renamed by `--name`.
@Suite struct ExportLookImagesTests {
    static func look() -> Parameters {
        var p = Parameters()
        p.card.images = ["shots/*.png"]
        return p
    }

    @Test func theFilesAreTheImagesAndTheGlobIsThePatterns() {
        let origin = ExportOrigin(version: "test", path: "/home/me/deck/cardstack.toml", imageFiles: ["shots/a.png"])
        let text = SwiftExport.text(Self.look(), origin: origin)
        #expect(text.contains("public static let images: [String] = [\"shots/a.png\"]"))
        #expect(text.contains("public static let imagePatterns: [String] = [\"shots/*.png\"]"))
        #expect(!text.contains("/home/me"))
    }

    @Test func aFileNamedLikeAType() {
        let origin = ExportOrigin(version: "test", imageFiles: ["TunedCover.png"])
        let text = SwiftExport.text(Self.look(), origin: origin, name: "Checkout")
        #expect(text.contains("public enum CheckoutLook"))
        #expect(text.contains("public static let images: [String] = [\"TunedCover.png\"]"))
    }
}
