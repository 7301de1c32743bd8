import CardLayout
import Foundation
import Testing

@testable import CardStackLive

@Suite struct LiveTrackerTests {
    /// PARAMS as the daemon writes it, with `extra` merged into the `layout` table.
    func params(revision: Int, _ parameters: Parameters = Parameters(), extra: String = "", event: Bool = true)
        -> String
    {
        var json = String(decoding: try! JSONEncoder().encode(parameters), as: UTF8.self)
        if !extra.isEmpty { json = json.replacingOccurrences(of: #""layout":{"#, with: #""layout":{\#(extra),"#) }
        let info =
            #""revision":\#(revision),"source":"file","path":"/x.toml","params":\#(json),"error":null,"overridden":[]"#
        return event ? #"{"event":"params",\#(info)}"# : #"{"id":"live-params","ok":true,"result":{\#(info)}}"#
    }

    func state(offset: Double, cards: Int = 11, animating: Bool = false, revision: Int = 1, event: Bool = true)
        -> String
    {
        let info =
            #""offset":\#(offset),"front":0,"animating":\#(animating),"clients":2,"revision":\#(revision),"frames_sent":0,"uptime_s":1.5,"cards":\#(cards)"#
        return event ? #"{"event":"state",\#(info)}"# : #"{"id":"live-state","ok":true,"result":{\#(info)}}"#
    }

    @Test func aSnapshotOnceParametersAndStateAreKnownThenEachChange() {
        var tracker = LiveTracker()
        #expect(tracker.take(#"{"event":"bridge","state":"connected","socket":"/s"}"#) == [.connected])
        #expect(tracker.take(#"{"id":"live-subscribe","ok":true,"result":{"events":["params"]}}"#) == [])
        #expect(tracker.take(params(revision: 3, event: false)) == [])
        let first = tracker.take(state(offset: 30, revision: 3, event: false))
        let snapshot = LiveSnapshot(revision: 3, parameters: Parameters(), offset: 30, deckSize: 11)
        #expect(first == [.changed(snapshot, [.parameters, .offset, .deck, .animating])])
        var p = Parameters()
        p.layout.style = .coverflow
        #expect(tracker.take(params(revision: 4, p)) == [], "the set waits for the state of its revision")
        guard case .changed(let next, let change)? = tracker.take(state(offset: 33, revision: 4)).first else {
            Issue.record("no update for a new parameter set")
            return
        }
        #expect(next.parameters == p && next.revision == 4 && next.offset == 33 && change == [.parameters, .offset])
        #expect(tracker.take(state(offset: 33, revision: 4)) == [], "nothing changed")
        #expect(tracker.take(state(offset: 60, animating: true, revision: 4)).count == 1)
        #expect(tracker.snapshot?.cards() == Layout.frame(p, offset: 60).cards)
    }

    @Test func unknownKeysAndEventsAreIgnoredAndReportedOnce() {
        var tracker = LiveTracker()
        _ = tracker.take(state(offset: 0, revision: 9))
        let updates = tracker.take(params(revision: 2, extra: #""sparkle":true"#))
        #expect(updates.first == .notice("unknown parameter layout.sparkle ignored (a newer daemon?)"))
        #expect(tracker.snapshot?.parameters == Parameters(), "the known keys are taken")
        let again = tracker.take(params(revision: 3, extra: #""sparkle":false"#))
        #expect(again.count == 1, "reported once: \(again)")
        #expect(tracker.take(#"{"event":"glitter","x":1}"#).count == 1)
        #expect(tracker.take(#"{"event":"glitter","x":2}"#) == [])
        #expect(tracker.take("not json") != [])
    }

    @Test func aSetThatDoesNotDecodeKeepsTheLastGoodOne() {
        var tracker = LiveTracker()
        _ = tracker.take(state(offset: 0, revision: 9))
        _ = tracker.take(params(revision: 2))
        let bad = params(revision: 3).replacingOccurrences(of: #""style":"stack""#, with: #""style":"hologram""#)
        #expect(tracker.take(bad).count == 1)
        #expect(tracker.snapshot?.revision == 2)
    }

    @Test func aNewDeckSizeStartsTheDeckOver() {
        var tracker = LiveTracker()
        _ = tracker.take(params(revision: 1))
        _ = tracker.take(state(offset: 0, cards: 9))
        #expect(tracker.snapshot?.deckSize == 9)
        var p = Parameters()
        p.layout.cards = 20
        _ = tracker.take(params(revision: 2, p))
        _ = tracker.take(state(offset: 0, cards: 20, revision: 2))
        #expect(tracker.snapshot?.deckSize == 20)
        #expect(tracker.snapshot?.layoutParameters.layout.cards == 20)
    }

    @Test func aNewStreamIsHeardAfreshAndKeepsTheLastSnapshotMeanwhile() {
        var tracker = LiveTracker()
        _ = tracker.take(params(revision: 8))
        _ = tracker.take(state(offset: 30, revision: 8))
        tracker.streamStarted()
        #expect(tracker.snapshot?.revision == 8)
        var p = Parameters()
        p.card.width = 250.5
        #expect(tracker.take(params(revision: 1, p)) == [], "a restarted daemon's set waits for its state")
        let updates = tracker.take(state(offset: 0, revision: 1))
        #expect(updates.count == 1)
        #expect(tracker.snapshot?.parameters == p && tracker.snapshot?.revision == 1)
    }

    @Test func theBridgeSaysWhenItHasNoDaemon() {
        var tracker = LiveTracker()
        let updates = tracker.take(
            #"{"event":"bridge","state":"unavailable","socket":"/s","message":"cannot connect"}"#)
        #expect(updates == [.error(.daemonUnavailable("cannot connect"))])
        let error = tracker.take(
            #"{"event":"config_error","path":"/x.toml","line":2,"column":5,"key":"layout.spacing","message":"bad"}"#)
        #expect(error == [.configError("/x.toml:2:5: bad")])
    }
}
