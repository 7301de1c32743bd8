import CardStackProtocol
import CardStackWire
import Testing

/// Lone UTF-16 surrogates in `\u` escapes become U+FFFD and take nothing after them along.
@Suite struct JSONSurrogateTests {
    func string(_ json: String) throws -> String? {
        if case .string(let s) = try JSONParser.parse(Array(json.utf8)) { return s }
        return nil
    }

    @Test func aLoneHighSurrogateKeepsTheEscapeAfterIt() throws {
        #expect(try string(#""\ud800A""#) == "\u{FFFD}A")
        #expect(try string(#""\ud800\u0041""#) == "\u{FFFD}A")
        #expect(try string(#""\ud800\ud800\udc00""#) == "\u{FFFD}\u{10000}")
        #expect(try string(#""\ud83d\ude00""#) == "😀")
        #expect(try string(#""\udc00x""#) == "\u{FFFD}x")
    }
}
