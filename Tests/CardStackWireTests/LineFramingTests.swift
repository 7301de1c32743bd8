import CardStackWire
import Testing

/// The wire's one rule for cutting lines, as the daemon, the bridge and the client use it.
@Suite struct LineFramingTests {
    static func cut(_ text: String, limit: Int = 8, atEnd: Bool = false) -> LineFraming.Cut {
        LineFraming(limit: limit).cut(Array(text.utf8), atEnd: atEnd)
    }

    @Test func aLineEndsAtItsNewlineAndTheNextStartsAfterIt() {
        #expect(Self.cut("ab\ncd\n") == .line(0..<2, next: 3))
        #expect(Self.cut("\nx") == .line(0..<0, next: 1))
    }

    @Test func aCarriageReturnBeforeTheNewlineIsNotPartOfTheLine() {
        #expect(Self.cut("ab\r\n") == .line(0..<2, next: 4))
        #expect(Self.cut("a\rb\n") == .line(0..<3, next: 4))
    }

    @Test func withoutANewlineALineIsIncompleteUntilTheEnd() {
        #expect(Self.cut("") == .incomplete)
        #expect(Self.cut("", atEnd: true) == .incomplete)
        #expect(Self.cut("abc") == .incomplete)
        #expect(Self.cut("abc", atEnd: true) == .line(0..<3, next: 3))
        #expect(Self.cut("abc\r", atEnd: true) == .line(0..<3, next: 4))
    }

    @Test func theLimitCountsTheContentAlone() {
        #expect(Self.cut("12345678\n") == .line(0..<8, next: 9))
        #expect(Self.cut("12345678\r\n") == .line(0..<8, next: 10))
        #expect(Self.cut("123456789\n") == .tooLong)
        #expect(Self.cut("123456789\r\n") == .tooLong)
    }

    @Test func aLineOverTheLimitIsRefusedBeforeItsEndComes() {
        #expect(Self.cut("12345678") == .incomplete)
        // One byte more may be the `\r` of a CRLF.
        #expect(Self.cut("12345678\r") == .incomplete)
        #expect(Self.cut("123456789") == .tooLong)
        #expect(Self.cut("12345678\r\r") == .tooLong)
    }

    @Test func noLimitMeansAnyLength() {
        let long = String(repeating: "x", count: 100_000)
        #expect(Self.cut(long, limit: .max) == .incomplete)
        #expect(Self.cut(long + "\n", limit: .max) == .line(0..<100_000, next: 100_001))
    }

    @Test func indicesAreTheCollectionsOwn() {
        let bytes = Array("xxab\ncd".utf8)[2...]
        #expect(LineFraming(limit: 8).cut(bytes, atEnd: false) == .line(2..<4, next: 5))
    }
}
