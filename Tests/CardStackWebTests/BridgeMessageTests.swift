import CardStackProtocol
import Testing

@testable import CardStackWeb

/// The bridge's own messages, written by the wire encoder, byte for byte as the page and
/// followers have always read them.
@Suite struct BridgeMessageTests {
    @Test func bridgeEventsNameTheirStateAndSocket() {
        #expect(
            BridgeMessage.event(.connected, socket: "/run/user/1000/cardstackd.sock")
                == #"{"event":"bridge","state":"connected","socket":"/run/user/1000/cardstackd.sock"}"#)
        #expect(
            BridgeMessage.event(.closed, socket: "/tmp/a b.sock")
                == #"{"event":"bridge","state":"closed","socket":"/tmp/a b.sock"}"#)
        #expect(
            BridgeMessage.event(.unavailable, socket: "/tmp/\"q\".sock", message: "no daemon at \\ é\n")
                == #"{"event":"bridge","state":"unavailable","socket":"/tmp/\"q\".sock","message":"no daemon at \\ é\n"}"#
        )
    }

    @Test func refusalsAreTheDaemonsErrorReplies() {
        #expect(
            BridgeMessage.refusal(
                .lineTooLong, "a message must be at most 65536 bytes (the daemon's line limit); this one has 70000")
                == #"{"id":null,"ok":false,"error":{"code":"line_too_long","message":"a message must be at most 65536 bytes (the daemon's line limit); this one has 70000"}}"#
        )
        #expect(
            BridgeMessage.refusal(.parseError, "send requests as WebSocket text messages")
                == #"{"id":null,"ok":false,"error":{"code":"parse_error","message":"send requests as WebSocket text messages"}}"#
        )
    }

    @Test func followerRequestsAreOneLineEach() {
        #expect(
            BridgeMessage.lines([
                .init(id: .string("live-subscribe"), .subscribe([.params, .state, .configError, .frame])),
                .init(id: .string("live-params"), .getParams),
            ]) == #"""
                {"id":"live-subscribe","cmd":"subscribe","events":["params","state","config_error","frame"]}
                {"id":"live-params","cmd":"get_params"}

                """#)
    }
}
