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

    @Test func aNonFiniteNumberIsRefused() {
        var event = FrameEvent(seq: 1, revision: 1, frame: Layout.frame(Parameters(), offset: 0))
        event.coverflowToggle = .infinity
        #expect(throws: EncodingError.self) { try WireJSON.encode(ServerMessage.frame(event)) }
    }
}
