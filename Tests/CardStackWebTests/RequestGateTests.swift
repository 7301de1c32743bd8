import Testing

@testable import CardStackWeb

@Suite struct RequestGateTests {
    let gate = RequestGate(token: "abc123", listenHost: "127.0.0.1", port: 8372)

    @Test func theTokenIsNeededOnEveryRequest() {
        #expect(gate.refusal(uri: "/?token=abc123", host: "127.0.0.1:8372", origin: nil, websocket: false) == nil)
        #expect(
            gate.refusal(uri: "/page.js?x=1&token=abc123", host: "localhost:8372", origin: nil, websocket: false) == nil
        )
        #expect(
            gate.refusal(uri: "/", host: "127.0.0.1:8372", origin: nil, websocket: false)?.contains("no token") == true)
        #expect(
            gate.refusal(uri: "/?token=abc124", host: "127.0.0.1:8372", origin: nil, websocket: false)?.contains(
                "wrong token") == true)
        #expect(gate.refusal(uri: "/?token=abc1234", host: "127.0.0.1:8372", origin: nil, websocket: false) != nil)
        #expect(gate.refusal(uri: "/?token=", host: "127.0.0.1:8372", origin: nil, websocket: false) != nil)
    }

    @Test func onlyTheAddressWeListenOnIsAHost() {
        for host in ["127.0.0.1:8372", "localhost:8372", "[::1]:8372", "LOCALHOST:8372"] {
            #expect(gate.refusal(uri: "/?token=abc123", host: host, origin: nil, websocket: false) == nil, "\(host)")
        }
        for host in ["evil.example:8372", "127.0.0.1", "127.0.0.1:8373", "localhost", ""] {
            #expect(gate.refusal(uri: "/?token=abc123", host: host, origin: nil, websocket: false) != nil, "\(host)")
        }
        #expect(gate.refusal(uri: "/?token=abc123", host: nil, origin: nil, websocket: false) != nil)
    }

    @Test func aWebSocketNeedsThePagesOwnOrigin() {
        let uri = "/ws?token=abc123&daemon=0"
        #expect(gate.refusal(uri: uri, host: "127.0.0.1:8372", origin: "http://127.0.0.1:8372", websocket: true) == nil)
        #expect(gate.refusal(uri: uri, host: "localhost:8372", origin: "http://localhost:8372", websocket: true) == nil)
        #expect(gate.refusal(uri: uri, host: "127.0.0.1:8372", origin: "http://localhost:8372", websocket: true) != nil)
        #expect(gate.refusal(uri: uri, host: "127.0.0.1:8372", origin: "https://evil.example", websocket: true) != nil)
        #expect(gate.refusal(uri: uri, host: "127.0.0.1:8372", origin: "null", websocket: true) != nil)
        #expect(gate.refusal(uri: uri, host: "127.0.0.1:8372", origin: nil, websocket: true) != nil)
    }

    @Test func everyInterfaceAcceptsAnyHostButStillNeedsTheToken() {
        let open = RequestGate(token: "t", listenHost: "0.0.0.0", port: 9000)
        #expect(open.refusal(uri: "/?token=t", host: "192.168.1.5:9000", origin: nil, websocket: false) == nil)
        #expect(open.refusal(uri: "/", host: "192.168.1.5:9000", origin: nil, websocket: false) != nil)
        let one = RequestGate(token: "t", listenHost: "192.168.1.5", port: 9000)
        #expect(one.refusal(uri: "/?token=t", host: "192.168.1.5:9000", origin: nil, websocket: false) == nil)
        #expect(one.refusal(uri: "/?token=t", host: "10.0.0.1:9000", origin: nil, websocket: false) != nil)
    }

    @Test func queryAndPath() {
        #expect(RequestGate.path("/ws?token=a") == "/ws")
        #expect(RequestGate.query("/ws?token=a&daemon=1", "daemon") == "1")
        #expect(RequestGate.query("/ws?daemon", "daemon") == "")
        #expect(RequestGate.query("/ws", "daemon") == nil)
        #expect(WebBridge.randomToken().count == 32)
        #expect(WebBridge.randomToken() != WebBridge.randomToken())
    }
}
