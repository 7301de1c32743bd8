import Testing

@testable import CardStackLive

@Suite struct EventStreamParserTests {
    @Test func eventsComeWholeHoweverTheBytesAreSplit() throws {
        let body = Array(
            ": cardstack web\n\ndata: {\"a\":1}\n\nevent: x\r\ndata: two\r\ndata: lines\r\n\r\n: keep-alive\n\ndata:{\"b\":2}\r\r"
                .utf8)
        let expected = ["{\"a\":1}", "two\nlines", "{\"b\":2}"]
        var generator = SplitMix(seed: 26)
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

/// A seeded generator (SplitMix64), so every run splits the same way.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
