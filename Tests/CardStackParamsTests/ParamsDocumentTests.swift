import CardLayout
import CardStackFiles
import CardStackParams
import CardStackProtocol
import Foundation
import Testing

@Suite struct ParamsDocumentTests {
    func parse(_ text: String) throws(ParamsError) -> Parameters {
        try ParamsDocument.parameters(from: Array(text.utf8), path: "test.toml").parameters
    }

    func error(_ text: String) -> ParamsError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test func anEmptyFileIsAllDefaults() throws {
        #expect(try parse("") == Parameters())
        #expect(try parse("# only a comment\n\n") == Parameters())
    }

    @Test func theShippedFileIsTheDefaults() throws {
        let path = Self.repository.appendingPathComponent("Config/cardstack.toml").path
        let loaded = try ParamsFile.load(path)
        #expect(loaded.resolved.parameters == Parameters())
        #expect(loaded.resolved.warnings.isEmpty)
    }

    @Test func everyKeyIsRead() throws {
        let p = try parse(
            """
            [layout]
            style = "stack"
            cards = 20
            wrap = false
            spacing = 40
            scale_step = 0.2
            m34 = -0.001
            flip_range = [1.0, 1.2]
            [card]
            width = 300
            height = 200.5
            anchor = [0.5, 0.5]
            titles = ["a", "b"]
            [viewport]
            width = 320
            height = 480
            [animation]
            fps = 120
            deceleration = 0.99
            snap = false
            """)
        #expect(p.layout.cards == 20 && !p.layout.wrap && p.layout.spacing == 40 && p.layout.scaleStep == 0.2)
        #expect(p.layout.m34 == -0.001 && p.layout.flipRange == [1.0, 1.2])
        #expect(
            p.card.width == 300 && p.card.height == 200.5 && p.card.anchor == [0.5, 0.5] && p.card.titles == ["a", "b"])
        #expect(p.viewport.width == 320 && p.viewport.height == 480)
        #expect(p.animation.fps == 120 && p.animation.deceleration == 0.99 && !p.animation.snap)
    }

    @Test func integersAreNumbers() throws {
        #expect(try parse("[layout]\nspacing = 30\n").layout.spacing == 30)
        #expect(try parse("[layout]\nm34 = 0\n").layout.m34 == 0)
    }

    @Test func outOfRangeNamesTheLineColumnAndValue() throws {
        let e = try #require(error("[layout]\n\nspacing = -3.0\n"))
        #expect(e.description == "test.toml: line 3, column 11: layout.spacing must be > 0, got -3.0")
        #expect(e.key == "layout.spacing" && e.kind == .outOfRange)
        #expect(error("[layout]\nscale_step = 1.5")?.message == "layout.scale_step must be in (0, 1], got 1.5")
        #expect(error("[layout]\ncards = 0")?.message == "layout.cards must be an integer in 1...1000000, got 0")
        #expect(error("[animation]\nfps = 241")?.message == "animation.fps must be an integer in 1...240, got 241")
        #expect(error("[animation]\ndeceleration = 1")?.message == "animation.deceleration must be in (0, 1), got 1")
        #expect(
            error("[card]\nanchor = [0.5, 2]")?.description
                == "test.toml: line 2, column 16: card.anchor[1] must be in [0, 1], got 2")
    }

    @Test func wrongTypes() {
        #expect(
            error("[layout]\nspacing = \"wide\"")?.message == "layout.spacing must be a number, got a string (\"wide\")"
        )
        #expect(error("[layout]\nwrap = 1")?.message == "layout.wrap must be true or false, got an integer (1)")
        #expect(
            error("[layout]\ncards = 2.5")?.message
                == "layout.cards must be an integer in 1...1000000, got a number (2.5)")
        #expect(error("[layout]\nspacing = 1979-05-27")?.kind == .wrongType)
        #expect(error("layout = 3")?.message == "layout must be a table ([layout]), got an integer")
        #expect(error("[card]\ntitles = [\"a\", 2]")?.message == "card.titles[1] must be a string, got an integer (2)")
        #expect(
            error("[layout]\nstyle = \"stak\"")?.message.hasSuffix(", zoom_flow, got \"stak\" (did you mean stack?)")
                == true)
    }

    @Test func unknownKeysSuggestTheNearestOne() throws {
        let e = try #require(error("[layout]\nspacin = 30\n"))
        #expect(e.description == "test.toml: line 2, column 1: unknown key layout.spacin (did you mean spacing?)")
        #expect(error("[layot]\ncards = 3")?.message == "unknown table layot (did you mean layout?)")
        #expect(error("spacing = 30")?.message == "unknown key spacing (did you mean layout.spacing?)")
        #expect(error("[layout]\nzzzzzz = 1")?.message == "unknown key layout.zzzzzz")
    }

    @Test func theFirstErrorInTheFileWins() {
        let e = error("[layout]\ncards = 0\nspacing = -1\n[card]\nwidth = -1\n")
        #expect(e?.position == SourcePosition(line: 2, column: 9))
    }

    @Test func reversedFlipRange() {
        let e = error("[layout]\nflip_range = [1.1, 1.0]")
        #expect(e?.message == "layout.flip_range must be [f0, f1] with 0 <= f0 < f1, got [1.1, 1.0]")
        #expect(e?.position == SourcePosition(line: 2, column: 14))
        #expect(
            error("[layout]\nflip_range = [1.0]")?.message
                == "layout.flip_range must be an array of 2 numbers, got [1.0]")
    }

    @Test func syntaxErrorsHaveALineAndColumn() throws {
        let e = try #require(error("[layout]\nspacing = = 3\n"))
        #expect(e.kind == .syntax && e.position?.line == 2)
        #expect(e.description.hasPrefix("test.toml: line 2, column "))
        let duplicate = try #require(error("[layout]\ncards = 3\ncards = 4\n"))
        #expect(duplicate.kind == .syntax && duplicate.position?.line == 3)
        #expect(error("[layout\n")?.kind == .syntax)
    }

    @Test func oddValuesNeverCrash() {
        #expect(error("[layout]\ncards = 9223372036854775807")?.kind == .outOfRange)
        #expect(error("[layout]\ncards = -9223372036854775808")?.kind == .outOfRange)
        #expect(error("[layout]\ncards = 99999999999999999999999")?.kind == .syntax)
        #expect(error("[layout]\nspacing = inf")?.message == "layout.spacing must be a finite number, got inf")
        #expect(error("[layout]\nspacing = nan")?.kind == .outOfRange)
        #expect(error("[layout]\nspacing = 1e400")?.kind != nil)
        #expect(error("[layout]\ncards = 1e300")?.kind != nil)
        // A decimal beyond a double either way is refused where it is written (std::from_chars).
        #expect(error("[layout]\nspacing = 1e-400")?.kind == .syntax)
        #expect(error("[layout]\nspacing = 1e-400")?.position?.line == 2)
        #expect(error("[layout]\nspacing = 1e400")?.position?.line == 2)
        #expect(error("[[layout]]\ncards = 3")?.kind != nil)
        #expect(error("[layout]\ncards = { a = 1 }")?.kind == .wrongType)
        #expect(error("[layout.deep.er]\nx = 1")?.kind == .unknownKey)
        #expect(error("\u{0}")?.kind == .syntax)
    }

    @Test func bytesThatAreNotUTF8() throws {
        let bytes: [UInt8] = Array("[layout]\ncards = 3 # caf".utf8) + [0xE9, 0x0A]
        do {
            _ = try ParamsDocument.parameters(from: bytes, path: "x.toml")
            Issue.record("accepted bytes that are not UTF-8")
        } catch {
            #expect(error.kind == .notUTF8)
            #expect(error.position == SourcePosition(line: 2, column: 16))
            #expect(error.description.contains("not valid UTF-8"))
        }
    }

    @Test func aTenMegabyteFileIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.toml").path
        let line = "# " + String(repeating: "x", count: 1021) + "\n"
        try String(repeating: line, count: 10 * 1024).write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try ParamsFile.load(path)
            Issue.record("accepted a 10 MB file")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(
                error.description
                    == "\(path): the file is 10485760 bytes; a parameter file may be at most 1048576 bytes (1 MiB)")
        }
        #expect(throws: ParamsError.self) { try ParamsFile.load(directory.appendingPathComponent("none.toml").path) }
        #expect(throws: ParamsError.self) { try ParamsFile.load(directory.path) }
    }

    @Test func aSmallWrappingDeckWarns() throws {
        let resolved = try ParamsDocument.parameters(from: Array("[layout]\ncards = 10\n".utf8))
        #expect(resolved.warnings.count == 1)
        #expect(resolved.warnings[0].contains("smaller than the stack's depth + 1 (11)"))
        #expect(
            try ParamsDocument.parameters(from: Array("[layout]\ncards = 10\nwrap = false\n".utf8)).warnings.isEmpty)
    }

    @Test func clientTreesUseTheSameRules() throws {
        let json = JSONValue.object([
            ("carousel", .object([("fade_min", .null), ("fade_max", .integer(2))])),
            ("layout", .object([("style", .string("coverflow"))])),
        ])
        let p = try ParamsSchema.resolve(ParamNode(json: json)).parameters
        #expect(p.carousel.fadeMin == -.infinity && p.carousel.fadeMax == 2)
        #expect(p.layout.wrap == false && p.card.anchor == [0.5, 0.5])  // coverflow's own defaults
        let bad = JSONValue.object([("layout", .object([("spacing", .null)]))])
        #expect(throws: ParamsError.self) { try ParamsSchema.resolve(ParamNode(json: bad)) }
    }

    @Test func treesMergeKeyByKey() throws {
        let file = try ParamsDocument.tree(from: Array("[layout]\ncards = 20\nspacing = 40\n".utf8))
        let client = ParamNode(.table([("layout", ParamNode(.table([("spacing", ParamNode(.integer(50)))])))]))
        let p = try ParamsSchema.resolve(file.merging(client)).parameters
        #expect(p.layout.cards == 20 && p.layout.spacing == 50)
    }
}
