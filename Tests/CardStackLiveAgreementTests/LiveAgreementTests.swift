import CardLayout
import CardStackLive
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackWeb

/// CardStackLive (the app-facing package) reads and writes the daemon's wire vocabulary
/// without depending on this package: these tests hold the two to each other. The daemon's
/// own encoders write PARAMS and STATE, CardStackLive reads them; CardStackLive writes
/// requests, the daemon's parser reads them.
@Suite struct LiveAgreementTests {
    func line(_ message: ServerMessage) throws -> String {
        String(decoding: try WireEncoder.encode(message), as: UTF8.self)
    }

    func sample() -> Parameters {
        var p = Parameters()
        p.layout.style = .coverflow
        p.layout.spacing = 41.25
        p.card.titles = ["a", "é"]
        p.animation.spring = Spring(dampingRatio: 0.7, response: 0.4)
        p.carousel.tilt = 0.55
        p.carousel.fadeMin = -.infinity
        p.carousel.viewpoint = [3, -4.5]
        return p
    }

    @Test func theDaemonsParamsAndStateReadWhole() throws {
        let params = ParamsInfo(
            revision: 7, source: .file, path: "/p.toml", params: sample(), error: nil, overridden: ["layout.spacing"])
        let state = StateInfo(
            offset: 82.5, front: 2, animating: false, clients: 3, revision: 7, framesSent: 10, uptime: 2, cards: 9)
        for asReplies in [false, true] {
            var tracker = LiveTracker()
            let lines =
                asReplies
                ? [
                    try line(.reply(Reply(id: .string(LiveTracker.paramsRequestID), result: .params(params)))),
                    try line(.reply(Reply(id: .string(LiveTracker.stateRequestID), result: .state(state)))),
                ] : [try line(.params(params)), try line(.state(state))]
            let updates = lines.flatMap { tracker.take($0) }
            #expect(!updates.contains { if case .notice = $0 { true } else { false } }, "\(updates)")
            let snapshot = try #require(tracker.snapshot)
            #expect(snapshot.parameters == params.params)
            #expect(snapshot.revision == 7 && snapshot.offset == 82.5 && snapshot.deckSize == 9)
        }
    }

    @Test func everyCommandParsesAsTheDaemonsOwn() throws {
        var p = sample()
        p.layout.cards = 30
        let cases: [(LiveCommand, Command)] = [
            (.scrollTo(offset: 45.5), .scrollTo(offset: 45.5, animated: false)),
            (.scrollTo(offset: -3, animated: true), .scrollTo(offset: -3, animated: true)),
            (.next(count: 2), .next(count: 2)),
            (.prev(count: 3), .prev(count: 3)),
            (.fling(velocity: -800.25), .fling(velocity: -800.25)),
        ]
        for (live, daemon) in cases {
            let request = try Request.parse(live.requestLine(id: "x")).get()
            #expect(request.command == daemon)
            #expect(request.id == .string("x"))
            #expect(Command.names.contains(live.name))
        }
        let set = try Request.parse(LiveCommand.setParams(p, from: Parameters()).requestLine()).get()
        guard case .setParams(let value, _) = set.command else {
            Issue.record("set_params parsed as \(set.command)")
            return
        }
        #expect(value["layout"]?["spacing"] == .number(41.25))
        #expect(value["layout"]?["cards"] == .integer(30))
        #expect(value["card"]?["titles"] == .array([.string("a"), .string("é")]))
    }

    /// The names CardStackLive spells for itself (it cannot import this package) against the
    /// daemon's vocabulary, read from both sides: the events it reads, the commands it
    /// sends, the protocol version it speaks and the ids of the bridge's requests for it.
    @Test func theKitsWireNamesAreTheDaemons() {
        // `variants` goes only to the client that asked for a grid (`set_variants`), which a
        // follower never does.
        let toFollowers = EventName.allCases.filter { $0 != .variants }.map(\.rawValue)
        #expect(
            Set(LiveTracker.WireEvent.allCases.map(\.rawValue)) == Set(toFollowers),
            "the events a follower reads and the events the daemon and bridge write differ")
        for name in LiveCommand.names {
            #expect(Command.Name(rawValue: name) != nil, "CardStackLive sends \(name), which the daemon does not know")
        }
        #expect(LiveTracker.protocolVersion == WireProtocol.version)
        #expect(LiveTracker.subscribeRequestID == EventStreamRelay.requestIDs.subscribe)
        #expect(LiveTracker.paramsRequestID == EventStreamRelay.requestIDs.params)
        #expect(LiveTracker.stateRequestID == EventStreamRelay.requestIDs.state)
    }
}
