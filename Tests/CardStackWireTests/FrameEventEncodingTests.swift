import CardLayout
import CardStackProtocol
import CardStackWire
import Testing

/// The frame event is written by hand, envelope and all (JSONWriter+Frame.swift): byte for
/// byte what `ServerMessage`'s `Codable` conformance writes around `FrameEvent`'s own.
@Suite struct FrameEventEncodingTests {
    func expectSameBytes(_ event: FrameEvent) throws {
        let written = String(decoding: try WireJSON.encode(ServerMessage.frame(event)), as: UTF8.self)
        let fields = String(decoding: try WireJSON.encode(event), as: UTF8.self).dropFirst()
        #expect(written == #"{"event":"frame","# + fields)
    }

    @Test func everyOptionalFieldAsCodableWritesIt() throws {
        var frame = Layout.frame(Parameters(), offset: 7.25)
        frame.cards[0].title = "a \"quoted\"\ttitle é"
        var event = FrameEvent(seq: 9_007_199_254_740_993, revision: -3, frame: frame)
        try expectSameBytes(event)
        for time in [0, 12, 0.1234567, 1e-7, 3.5e20] {
            event.time = time
            try expectSameBytes(event)
        }
        event.coverflowToggle = 0.375
        try expectSameBytes(event)
        event.switcherCurrent = 4
        try expectSameBytes(event)
        event.time = nil
        try expectSameBytes(event)
        // With a move's start the event goes through `Codable`: the same bytes still.
        event.motion = MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: 2)
        try expectSameBytes(event)
    }

    /// The writer copies a number it printed a moment ago instead of printing it again (16
    /// slots by the number's bits): numbers that share a slot, repeat, and come back after
    /// another took their slot still come out as `Frame`'s `Codable` writes them.
    @Test func repeatedAndCollidingNumbersAsCodableWritesThem() throws {
        var frame = Layout.frame(Parameters(), offset: 3.5)
        // 40 numbers for 16 slots, each used several times across the cards.
        let numbers = (0..<40).map { Double($0) * 37.123456789 - 700.3 }
        var next = 0
        func pick() -> Double {
            next = (next * 7 + 3) % numbers.count
            return numbers[next]
        }
        for i in frame.cards.indices {
            frame.cards[i].ratio = pick()
            frame.cards[i].scale = pick()
            frame.cards[i].alpha = pick()
            frame.cards[i].position.x = pick()
            frame.cards[i].position.y = frame.cards[i].ratio
            frame.cards[i].anchor.x = pick()
            frame.cards[i].anchor.y = -frame.cards[i].scale
        }
        let event = FrameEvent(seq: 5, revision: 6, frame: frame)
        let written = String(decoding: try WireJSON.encode(ServerMessage.frame(event)), as: UTF8.self)
        // A frame on its own goes through `Codable`'s containers, number by number.
        let generic = String(decoding: try WireJSON.encode(frame), as: UTF8.self)
        #expect(written == #"{"event":"frame","seq":5,"revision":6,"frame":"# + generic + "}")
    }

    @Test func aNonFiniteNumberIsRefused() {
        var event = FrameEvent(seq: 1, revision: 1, frame: Layout.frame(Parameters(), offset: 0))
        event.coverflowToggle = .infinity
        #expect(throws: EncodingError.self) { try WireJSON.encode(ServerMessage.frame(event)) }
    }
}
