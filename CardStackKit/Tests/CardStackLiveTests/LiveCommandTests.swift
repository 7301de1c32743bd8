import CardLayout
import Foundation
import Testing

@testable import CardStackLive

@Suite struct LiveCommandTests {
    func object(_ command: LiveCommand) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(command.requestLine(id: "i"))) as? [String: Any])
    }

    @Test func requestLines() throws {
        let scroll = try object(.scrollTo(offset: 45.5))
        #expect(
            scroll["cmd"] as? String == "scroll_to" && scroll["offset"] as? Double == 45.5
                && scroll["id"] as? String == "i")
        #expect(try object(.next(count: 2))["count"] as? Int == 2)
        #expect(try object(.fling(velocity: -800))["velocity"] as? Double == -800)
        let state = try object(.getState)
        #expect(state["cmd"] as? String == "get_state" && state.count == 2, "get_state takes no arguments")
        var p = Parameters()
        p.layout.spacing = 44
        p.card.titles = ["a"]
        let set = try object(.setParams(p, from: Parameters()))
        let tables = try #require(set["params"] as? [String: [String: Any]])
        #expect(tables["layout"]?["spacing"] as? Double == 44)
        #expect(tables["card"]?["titles"] as? [String] == ["a"])
        #expect(tables["layout"]?["style"] == nil, "only what differs")
    }

    @Test func endpointsFromThePrintedURL() throws {
        let e = try LiveEndpoints(URL(string: "http://192.168.1.5:8372/?token=abc")!, frames: true)
        #expect(e.events.absoluteString == "http://192.168.1.5:8372/events?token=abc&daemon=0&frames=1")
        #expect(e.request.absoluteString == "http://192.168.1.5:8372/request?token=abc&daemon=0")
        #expect(e.trace.absoluteString == "http://192.168.1.5:8372/trace?token=abc")
        let moves = try LiveEndpoints(URL(string: "http://h:1/?token=abc&daemon=2")!, moves: true)
        #expect(moves.events.absoluteString == "http://h:1/events?token=abc&daemon=2&frames=moves")
        #expect(throws: LiveError.self) { try LiveEndpoints(URL(string: "http://h:1/")!) }
        #expect(throws: LiveError.self) { try LiveEndpoints(URL(string: "ftp://h:1/?token=a")!) }
    }

    @Test func throttle() {
        var t = ScrollThrottle(interval: 0.1)
        #expect(t.offer(1, now: 0) == 1)
        #expect(t.offer(2, now: 0.05) == nil)
        #expect(t.offer(3, now: 0.08) == nil)
        #expect(t.due(now: 0.09) == nil)
        #expect(t.due(now: 0.1) == 3, "the last one, once the interval passed")
        #expect(t.offer(3, now: 0.5) == nil, "already sent")
        t.heard(7)
        #expect(t.offer(7, now: 1) == nil, "the daemon's own offset is not echoed")
        #expect(t.offer(8, now: 1) == 8)
    }
}
