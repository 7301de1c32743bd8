import NIOCore
import Testing

@testable import CardStackWeb

/// `/events?frames=moves`: which daemon lines reach a follower that plays each move itself.
@Suite struct EventStreamMovesTests {
    static func line(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    static let motion = #"{"kind":"step","from":0,"to":30,"velocity":0,"start":12.5}"#

    static func frame(seq: Int, offset: Double, motion: String?, title: String = "1") -> ByteBuffer {
        let move = motion.map { #","motion":"# + $0 } ?? ""
        return line(
            #"{"event":"frame","seq":\#(seq),"revision":1,"frame":{"offset":\#(offset),"cards":[{"title":"\#(title)"}]},"time":12.6"#
                + move + "}")
    }

    @Test func aFramesMotionIsItsOwnObjectAndNothingElse() {
        let found = EventStreamRelay.motion(of: Self.frame(seq: 1, offset: 3, motion: Self.motion))
        #expect(found.map { String(buffer: $0) } == #","motion":"# + Self.motion)
        #expect(EventStreamRelay.motion(of: Self.frame(seq: 2, offset: 3, motion: nil)) == nil)
        // A title cannot hold the key: its quotes are escaped.
        let tricky = Self.frame(seq: 3, offset: 3, motion: nil, title: #"a\",\"motion\":{\"kind\""#)
        #expect(EventStreamRelay.motion(of: tricky) == nil)
    }

    @Test func onlyFramesAreFrames() {
        #expect(EventStreamRelay.isFrame(Self.frame(seq: 1, offset: 0, motion: nil)))
        #expect(!EventStreamRelay.isFrame(Self.line(#"{"event":"state","offset":0}"#)))
        #expect(!EventStreamRelay.isFrame(Self.line(#"{"id":"live-state","ok":true}"#)))
    }

    @Test func theQueryNamesTheFrames() {
        #expect(EventStreamRelay.Frames(query: "1") == .all)
        #expect(EventStreamRelay.Frames(query: "moves") == .moves)
        #expect(EventStreamRelay.Frames(query: nil) == .none)
        #expect(EventStreamRelay.Frames(query: "0") == .none)
    }
}
