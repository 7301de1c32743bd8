import Foundation
import Testing

@testable import CardStackParams

/// The parser is given the file with its comments' text taken out (TOMLCommentText.swift):
/// every tree, every error and every line and column must be what the whole text gives.
@Suite struct TOMLCommentTextTests {
    /// The tree or the error (message and place) of `text` as toml++ reads it.
    func outcome(_ bytes: [UInt8]) -> String {
        do {
            return "\(try ParamsDocument.parseTOML(bytes))"
        } catch {
            return "error \(error.message) at \(error.position.map { "\($0)" } ?? "nowhere")"
        }
    }

    /// Checks that taking the comments' text out of `text` changes nothing the parser says.
    @discardableResult
    func expectSame(_ text: String, stripped expectation: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let bytes = Array(text.utf8)
        let stripped = TOMLCommentText.strip(bytes)
        if let expectation { #expect((stripped != nil) == expectation, "\(text.debugDescription)", sourceLocation: sourceLocation) }
        guard let stripped else { return false }
        #expect(outcome(stripped) == outcome(bytes), "\(text.debugDescription)", sourceLocation: sourceLocation)
        return true
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theShippedFiles() throws {
        let config = Self.repository.appendingPathComponent("Config")
        var files = [config.appendingPathComponent("cardstack.toml")]
        files += try FileManager.default.contentsOfDirectory(
            at: config.appendingPathComponent("presets"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "toml" }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            expectSame(text, stripped: true)
            expectSame(text.replacingOccurrences(of: "\n", with: "\r\n"), stripped: true)
        }
        // The default file is mostly comments: the parser gets a tenth of it.
        let text = Array(try String(contentsOf: files[0], encoding: .utf8).utf8)
        #expect(try #require(TOMLCommentText.strip(text)).count * 5 < text.count)
    }

    @Test func aHashInsideAStringIsNoComment() {
        expectSame("a = \"x # y\" # z\nz = 0\n", stripped: true)
        expectSame("a = 'x # y' # z\nz = 0\n", stripped: true)
        expectSame("a = \"x \\\" # y\" # z\nz = 0\n", stripped: true)
        expectSame("a = \"x \\\\\" # y \"\nz = 0\n", stripped: true)
        expectSame("a = \"\"\"\nx # y\n\"\" # still in\n\"\"\" # z\nz = 0\n", stripped: true)
        expectSame("a = '''\nx # y\n'' # still in\n''' # z\nz = 0\n", stripped: true)
        expectSame("a = \"\"\"x\"\"\"\"\" # two quotes in the string\nz = 0\n", stripped: true)
        expectSame("a = '''x''''' # z\nz = 0\n", stripped: true)
        expectSame("a = \"\"\"\\\n  # in the string\\\"\"\"\" # z\nz = 0\n", stripped: true)
        expectSame("\"quoted # key\" = 1 # z\n'lit # key' = 2 # z\nz = 0\n", stripped: true)
        expectSame("a = [ # z\n  \"#\", # z\n  '#', # z\n] # z\nz = 0\n", stripped: true)
        expectSame("a = { b = \"#\" } # z\nz = 0\n", stripped: true)
        expectSame("a = \"#\"\n", stripped: false)
    }

    @Test func commentsTheParserWouldRefuseStayWhole() {
        expectSame("a = 1 # bell \u{7}\n", stripped: false)
        expectSame("a = 1 # delete \u{7F}\n", stripped: false)
        expectSame("a = 1 # lone \r in it\n", stripped: false)
        expectSame("a = 1 # form \u{0C} feed\n", stripped: false)
        expectSame("a = 1 # vertical \u{0B} tab\n", stripped: false)
        expectSame("a = 1 # ends the file", stripped: false)
        expectSame("a = [1, # ends the file", stripped: false)
        expectSame("a = [1, # the last line\n", stripped: false)
        expectSame("a = [1, # the last line\r\n", stripped: false)
        expectSame("a = [1, # not the last line\n\n", stripped: true)
        expectSame("a = 1 # tab\tand ünïcödé ✓\nz = 0\n", stripped: true)
        expectSame("a = 1 #\n#\r\n", stripped: false)
    }

    @Test func errorsKeepTheirPlace() {
        expectSame("# c\na = # c\nz = 0\n", stripped: true)
        expectSame("# c\na = 1 # c\nb = [1, # c\n 2,, # c\n]\nz = 0\n", stripped: true)
        expectSame("# c\n[table # c\nz = 0\n", stripped: true)
        expectSame("# c\na = \"unterminated # c\nb = 2 # c\nz = 0\n", stripped: true)
        expectSame("# c\na = 'unterminated # c\nb = 2 # c\nz = 0\n", stripped: true)
        expectSame("# c\na = \"\"\"never closed # c\nb = 2 # c\nz = 0\n", stripped: true)
        expectSame("# c\na = \"bad \\q escape\" # c\nz = 0\n", stripped: true)
        expectSame("# c\na = \"x\\\n b = \"y # z\" # c\nz = 0\n", stripped: true)
        expectSame("# c\na = 1 # c\na = 2 # c\nz = 0\n", stripped: true)
        expectSame("# c\na#b = 1 # c\nz = 0\n", stripped: true)
        expectSame("# c\na = 1979-05-27T07:32:00Z # c\nb = 0x1F # c\nz = 0\n", stripped: true)
    }

    /// Random texts of TOML's pieces, valid or not: the same outcome every time.
    @Test func randomTexts() {
        let pieces = [
            "a", "b.c", " ", "\t", "=", " = ", "1", "2.5", "true", "\"", "'", "\"\"\"", "'''", "\\", "\\\"",
            "#", "# note ", "\n", "\r\n", "\r", "[", "]", "[[", "]]", "{", "}", ",", ".", "\u{1}", "\u{7F}",
            "é", "x = \"", "x = '", "x = [", "\n[t]\n", "\ny = \"\"\"", "\u{0B}", "\n\n", "# c\n", "x = [ # c\n",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        var shortened = 0
        for _ in 0..<50000 {
            var text = ""
            for _ in 0...next(40) { text += pieces[next(pieces.count)] }
            if expectSame(text) { shortened += 1 }
        }
        #expect(shortened > 10000)
    }
}
