import CardLayout
import CardStackParams
import Testing

/// Malformed and hostile TOML is an error with a place, never a crash.
@Suite struct TOMLHardeningTests {
    func error(_ text: String) -> ParamsError? {
        do {
            _ = try ParamsDocument.parameters(from: Array(text.utf8), path: "test.toml")
            return nil
        } catch {
            return error
        }
    }

    @Test func aTypoInAHeaderIsASyntaxErrorNotAnAbort() throws {
        // toml++ built without NDEBUG stops the process on an assertion here.
        let e = try #require(error("[|ayout]\n"))
        #expect(e.kind == .syntax)
        #expect(e.position == SourcePosition(line: 1, column: 2))
        #expect(e.message.contains("saw '|'"))
        #expect(error("[layout]\n[|]\n")?.position?.line == 2)
        #expect(error("a.|b = 1\n")?.kind == .syntax)
    }

    @Test func deepDottedKeysAreRefusedWithAPlace() throws {
        let deep = String(repeating: "a.", count: 3000) + "a = 1\n"
        let e = try #require(error(deep))
        #expect(e.position?.line == 1)
        #expect(e.message.contains("nest more than"))
        #expect(
            error("x = " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300))?.kind == .syntax)
        #expect(
            error("x = " + String(repeating: "{a=", count: 300) + "1" + String(repeating: "}", count: 300))?.kind
                == .syntax)
    }

    @Test func aFileAsDeepAsItCanBeIsFreedSafely() throws {
        // Half a million levels, then an error: toml++ drops the tree it built.
        let deepest = String(repeating: "a.", count: 500_000) + "a = 1\n[|x]\n"
        #expect(error(deepest)?.position == SourcePosition(line: 2, column: 2))
        let valid = String(repeating: "a.", count: 500_000) + "a = 1\n"
        #expect(error(valid)?.message.contains("nest more than") == true)
    }

    @Test func positionsComeFromTheParser() throws {
        let tree = try ParamsDocument.tree(from: Array("[layout]\n  spacing = 4\nflip_range = [ 1.0, 2 ]\n".utf8))
        let layout = try #require(tree.entries?.first?.node)
        let spacing = try #require(layout.entries?.first { $0.key == "spacing" }?.node)
        #expect(spacing.keyPosition == SourcePosition(line: 2, column: 3))
        #expect(spacing.position == SourcePosition(line: 2, column: 13))
        let range = try #require(layout.entries?.first { $0.key == "flip_range" }?.node)
        guard case .array(let items) = range.value else {
            Issue.record("not an array")
            return
        }
        #expect(items.map(\.position) == [SourcePosition(line: 3, column: 16), SourcePosition(line: 3, column: 21)])
        // File order, not toml++'s sorted order.
        #expect(layout.entries?.map(\.key) == ["spacing", "flip_range"])
    }

    /// The node at a dotted path (array elements by index).
    func node(_ tree: ParamNode, _ path: String) -> ParamNode? {
        var current: ParamNode? = tree
        for part in path.split(separator: ".").map(String.init) {
            switch current?.value {
            case .table(let entries): current = entries.first { $0.key == part }?.node
            case .array(let items): current = Int(part).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return current
    }

    @Test func keysAndValuesAreFoundWhereverTheyAreWritten() throws {
        let text = """
            # comment = 1
            top = 1
            [layout]   # a table
              spacing   =   -3.0
            "quoted key" = 2
            a.b = 3
            flip_range = [ 1.0,  1.1 ] # tail
            s = \"\"\"
            fake = 1
            \"\"\"
            [card]
            titles = ["x, y", 'z']
            """
        let tree = try ParamsDocument.tree(from: Array(text.utf8))
        #expect(node(tree, "top")?.position == SourcePosition(line: 2, column: 7))
        #expect(node(tree, "layout")?.keyPosition == SourcePosition(line: 3, column: 2))
        #expect(node(tree, "layout.spacing")?.keyPosition == SourcePosition(line: 4, column: 3))
        #expect(node(tree, "layout.spacing")?.position == SourcePosition(line: 4, column: 17))
        #expect(node(tree, "layout.quoted key")?.position == SourcePosition(line: 5, column: 16))
        #expect(node(tree, "layout.a.b")?.position == SourcePosition(line: 6, column: 7))
        #expect(node(tree, "layout.flip_range.0")?.position == SourcePosition(line: 7, column: 16))
        #expect(node(tree, "layout.flip_range.1")?.position == SourcePosition(line: 7, column: 22))
        #expect(node(tree, "layout.fake") == nil)
        #expect(node(tree, "card.titles.1")?.position == SourcePosition(line: 12, column: 19))
        #expect(node(tree, "comment") == nil)
    }
}
