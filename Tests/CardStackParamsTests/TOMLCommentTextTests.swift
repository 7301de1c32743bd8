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
    func expectSame(
        _ text: String, stripped expectation: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let bytes = Array(text.utf8)
        let stripped = TOMLCommentText.strip(bytes)
        if let expectation {
            #expect((stripped != nil) == expectation, "\(text.debugDescription)", sourceLocation: sourceLocation)
        }
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
        // They take the fast way: plain text, comments taken out unread, the same result.
        for file in files {
            let text = Array(try String(contentsOf: file, encoding: .utf8).utf8)
            #expect(TOMLCommentText.isPlain(text), "\(file.lastPathComponent)")
            #expect(TOMLCommentText.strip(text, plain: true) == TOMLCommentText.strip(text, plain: false))
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

    /// Plain text is exactly UTF-8 (as the standard library validates it) with no control
    /// character but tab and line feed; a comment in it is taken out the same either way.
    @Test func plainTextIsUTF8WithoutControlCharacters() {
        let pieces: [[UInt8]] = [
            Array("a = 1 # c\n".utf8), Array("é✓𝄞".utf8), [0x09], [0x0A], [0x0D], [0x00], [0x7F], [0x1B],
            [0x80], [0xC0, 0xAF], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF0, 0x9F, 0x98], [0xF5, 0x80, 0x80, 0x80], [0xC2, 0x85], Array("\"#\"".utf8), [0x23],
        ]
        var random = Seeded(0x2545_F491_4F6C_DD1D)
        func next(_ bound: Int) -> Int { random.next(bound) }
        for round in 0..<20000 {
            var text: [UInt8] = []
            // Long runs of plain text too, read eight bytes at a time.
            for _ in 0...next(round % 2 == 0 ? 12 : 60) { text += pieces[next(pieces.count)] }
            let controls = text.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F }
            let expected = String(validating: text, as: UTF8.self) != nil && !controls
            #expect(TOMLCommentText.isPlain(text) == expected, "\(text)")
            if expected {
                #expect(
                    TOMLCommentText.strip(text, plain: true) == TOMLCommentText.strip(text, plain: false), "\(text)")
            }
        }
    }

    /// Random texts of TOML's pieces, valid or not: the same outcome every time.
    @Test func randomTexts() {
        let pieces = [
            "a", "b.c", " ", "\t", "=", " = ", "1", "2.5", "true", "\"", "'", "\"\"\"", "'''", "\\", "\\\"",
            "#", "# note ", "\n", "\r\n", "\r", "[", "]", "[[", "]]", "{", "}", ",", ".", "\u{1}", "\u{7F}",
            "é", "x = \"", "x = '", "x = [", "\n[t]\n", "\ny = \"\"\"", "\u{0B}", "\n\n", "# c\n", "x = [ # c\n",
        ]
        var random = Seeded(0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { random.next(bound) }
        var shortened = 0
        for _ in 0..<50000 {
            var text = ""
            for _ in 0...next(40) { text += pieces[next(pieces.count)] }
            if expectSame(text) { shortened += 1 }
        }
        #expect(shortened > 10000)
    }
}

/// Repeatable pseudo-random numbers (a 64-bit linear congruential generator).
struct Seeded {
    var seed: UInt64
    init(_ seed: UInt64) { self.seed = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(seed >> 33) % bound
    }
}
