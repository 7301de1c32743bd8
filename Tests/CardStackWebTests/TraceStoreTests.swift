import Testing

@testable import CardStackWeb

/// `POST /trace`'s check: a device trace's lines, bounded (docs/protocol.md §10).
@Suite struct TraceStoreTests {
    static func frames(_ count: Int) -> String {
        (0..<count).map { "{\"time\": \(1 + Double($0) / 120), \"duration\": \(1.0 / 120), \"offset\": \($0)}" }
            .joined(separator: "\n") + "\n"
    }

    @Test func aTraceIsKeptAndTheNewestReplacesIt() {
        let store = TraceStore()
        #expect(store.trace == nil)
        #expect(store.take(Array(Self.frames(3).utf8)) == .success(3))
        #expect(store.take(Array(Self.frames(5).utf8)) == .success(5))
        #expect(store.trace == Array(Self.frames(5).utf8))
        // A refused body leaves the one held.
        #expect(store.take(Array("nope\n".utf8)) != .success(1))
        #expect(store.trace == Array(Self.frames(5).utf8))
    }

    @Test func whatIsNotATraceSaysWhichLineAndWhy() {
        func why(_ text: String) -> String {
            switch TraceStore.check(Array(text.utf8)) {
            case .success(let n): "\(n) frames"
            case .failure(let refusal): refusal.message
            }
        }
        let one = "{\"time\": 1, \"duration\": 0.01, \"offset\": 0}\n"
        #expect(why(one) == "a trace holds at least 2 frames")
        #expect(why(one + "[1]\n") == "line 2: not a JSON object {\"time\": T, \"duration\": D, \"offset\": X}")
        #expect(why(one + "{\"time\": 2, \"duration\": 0.01}\n") == "line 2: \"offset\" must be a finite number")
        #expect(
            why(one + "{\"time\": 2, \"duration\": 0, \"offset\": 0}\n") == "line 2: \"duration\" must be above 0 s")
        #expect(why(one + one) == "line 2: \"time\" must be after the line before's")
        #expect(why(one + String(repeating: " ", count: 1025) + "x\n") == "line 2: longer than 1024 bytes")
        #expect(why(one + "\n  \n" + "{\"time\": 2, \"duration\": 0.01, \"offset\": 3}") == "2 frames")
        let big = [UInt8](repeating: UInt8(ascii: "\n"), count: TraceStore.maximumBytes + 1)
        if case .failure(let refusal) = TraceStore.check(big) {
            #expect(refusal.message == "a trace is at most 262144 bytes; send a shorter stretch")
        } else {
            Issue.record("a body over the limit was taken")
        }
    }
}
