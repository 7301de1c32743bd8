import CardLayout
import Foundation
import Testing

@testable import CardStackLive

/// The follower plays the variant the phone's own Reduce Motion setting asks for (docs/live.md,
/// "Reduce Motion"), whatever the daemon's `animation.reduce_motion`: the setting passed in
/// (as on Linux) lays out and plays `reducedVariant()`, a change of it is published, and
/// turning it off again restores the full motion.
@Suite struct LiveReduceMotionTests {
    /// A flip deck that bounces: the full variant flips toward the viewer with perspective and
    /// overshoots; the reduced one has neither.
    static let parameters: Parameters = {
        var p = Parameters()
        p.layout.style = .flip
        p.animation.spring = Spring(dampingRatio: 0.5, response: 0.4)
        p.reduced.animation.duration = 0.2
        return p
    }()

    /// Between two cards, where the front card is half flipped away in the full variant.
    static let between = 0.4 * parameters.layout.spacing

    func paramsLine(_ parameters: Parameters) -> String {
        let json = String(decoding: try! JSONEncoder().encode(parameters), as: UTF8.self)
        return #"{"event":"params","revision":1,"source":"file","path":"/x.toml","params":\#(json),"error":null}"#
    }

    func stateLine(offset: Double) -> String {
        #"{"event":"state","offset":\#(offset),"front":0,"animating":false,"clients":2,"revision":1,"frames_sent":0,"uptime_s":1.5,"cards":\#(Self.parameters.layout.cards)}"#
    }

    func tracker(reduceMotion: Bool, daemonReduces: Bool = false) -> LiveTracker {
        var tracker = LiveTracker(motion: true, reduceMotion: reduceMotion)
        var p = Self.parameters
        p.animation.reduceMotion = daemonReduces
        _ = tracker.take(paramsLine(p))
        _ = tracker.take(stateLine(offset: Self.between))
        return tracker
    }

    @Test func thePhonesSettingPicksTheVariantNotTheDaemons() throws {
        let full = Self.parameters.fullVariant()
        let reduced = Self.parameters.reducedVariant()
        #expect(
            Layout.frame(full, offset: Self.between).cards != Layout.frame(reduced, offset: Self.between).cards,
            "the variants differ")
        for daemonReduces in [false, true] {
            let on = try #require(tracker(reduceMotion: true, daemonReduces: daemonReduces).snapshot)
            #expect(on.reduceMotion && on.cards() == Layout.frame(reduced, offset: Self.between).cards)
            #expect(on.layoutParameters.animation.spring == reduced.animation.spring)
            let off = try #require(tracker(reduceMotion: false, daemonReduces: daemonReduces).snapshot)
            #expect(!off.reduceMotion && off.cards() == Layout.frame(full, offset: Self.between).cards)
        }
    }

    @Test func aChangeOfTheSettingIsPublishedAndOffRestoresTheFullMotion() throws {
        var tracker = tracker(reduceMotion: false)
        let on = tracker.setReduceMotion(true)
        guard case .changed(let snapshot, let change)? = on.first else {
            Issue.record("no update when the setting changed: \(on)")
            return
        }
        #expect(change == [.parameters] && snapshot.reduceMotion)
        #expect(snapshot.cards() == Layout.frame(Self.parameters.reducedVariant(), offset: Self.between).cards)
        #expect(tracker.setReduceMotion(true) == [], "nothing changed")
        // A move played here follows the reduced motion (no overshoot), then the full one again.
        let move = MotionStart(kind: .step, from: 45, to: 90, velocity: 0, start: 10)
        var played = snapshot
        played.motion = move
        played.clock = LiveClockEstimate(offset: 0, uncertainty: 0, roundTrip: 0, samples: 1)
        let times = stride(from: 10.0, through: 11.5, by: 1 / 120.0)
        let reducedOffsets = times.map { played.motionPlayer.offset(atTargetTimestamp: $0) }
        #expect(reducedOffsets == times.map { move.offset(at: $0, Self.parameters.reducedVariant()) })
        #expect(reducedOffsets.allSatisfy { $0 <= 90 }, "the reduced spring does not overshoot")
        guard case .changed(var back, _)? = tracker.setReduceMotion(false).first else {
            Issue.record("no update when the setting went off")
            return
        }
        back.motion = move
        back.clock = played.clock
        let fullOffsets = times.map { back.motionPlayer.offset(atTargetTimestamp: $0) }
        #expect(fullOffsets == times.map { move.offset(at: $0, Self.parameters) })
        #expect(fullOffsets.contains { $0 > 90 }, "the full spring overshoots")
    }
}
