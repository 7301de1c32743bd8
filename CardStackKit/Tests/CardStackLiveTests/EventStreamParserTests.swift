import CardStackTestSupport
import Testing

@testable import CardStackLive

@Suite struct EventStreamParserTests {
    @Test func eventsComeWholeHoweverTheBytesAreSplit() throws {
        let body = Array(
            ": cardstack web\n\ndata: {\"a\":1}\n\nevent: x\r\ndata: two\r\ndata: lines\r\n\r\n: keep-alive\n\ndata:{\"b\":2}\r\r"
                .utf8)
        let expected = ["{\"a\":1}", "two\nlines", "{\"b\":2}"]
        var generator = SplitMix64(seed: 26)
        for _ in 0..<200 {
            var parser = EventStreamParser()
            var events: [String] = []
            var rest = body[...]
            while !rest.isEmpty {
                let n = Int(generator.next() % 7) + 1
                events += try parser.take(rest.prefix(n))
                rest = rest.dropFirst(n)
            }
            #expect(events == expected)
        }
    }

    @Test func otherFieldsAndCommentsAreSkipped() throws {
        var parser = EventStreamParser()
        #expect(try parser.take(Array("id: 3\nretry: 10\ndatum: no\n\n: only a comment\n\n".utf8)) == [])
        #expect(try parser.take(Array("data\n\n".utf8)) == [""])
    }
}
