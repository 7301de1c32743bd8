import CardLayout
import CardStackTestSupport
import Foundation
import Testing

@testable import CardStackLive

/// A follower playing the daemon's move at the display's own instants (docs/live.md, "The
/// move, played here"): a simulated daemon ticks at its `fps` and its frame events reach the
/// follower tens of milliseconds late, in order; a simulated display link asks for the
/// offset at each `targetTimestamp`, at 60, 80, 120 Hz or an irregular cadence.
@Suite struct LiveMotionTests {
    /// daemon time − local time.
    static let truth = -4962.875

    /// One move to follow: its parameters and how it starts (`start` relative to the
    /// simulation's local 5002 s).
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var parameters: Parameters
        var kind: MotionStart.Kind
        var from: Double
        var to: Double
        var velocity: Double
        var description: String { name }

        func motion(start: Double) -> MotionStart {
            let target = kind == .fling ? Layout.flingTarget(from: from, velocity: velocity, parameters) : to
            return MotionStart(kind: kind, from: from, to: target, velocity: velocity, start: start)
        }
    }

    static let cases: [Case] = {
        var spring = Parameters()
        spring.animation.spring = Spring(dampingRatio: 0.6, response: 0.35)
        let curve = Parameters()
        var slow = Parameters()
        slow.animation.slowdown = 2
        slow.animation.fps = 30
        return [
            Case(name: "spring step", parameters: spring, kind: .step, from: 120, to: 240, velocity: 300),
            Case(name: "curve step", parameters: curve, kind: .step, from: 240, to: 360, velocity: 0),
            Case(name: "fling", parameters: curve, kind: .fling, from: 0, to: 0, velocity: 2400),
            Case(name: "slowed curve step at 30 fps", parameters: slow, kind: .step, from: 360, to: 120, velocity: 0),
        ]
    }()

    /// Display cadences: a frame's interval, seconds, given a generator.
    enum Cadence: Sendable, CaseIterable, CustomStringConvertible {
        case hz60, hz80, hz120, irregular
        static let irregularIntervals: [Double] = [1 / 120, 1 / 120, 1 / 80, 1 / 60, 1 / 40, 1 / 30]
        var description: String {
            switch self {
            case .hz60: "60"
            case .hz80: "80"
            case .hz120: "120"
            case .irregular: "irregular"
            }
        }
        func interval(_ random: inout SplitMix64) -> Double {
            switch self {
            case .hz60: 1.0 / 60
            case .hz80: 1.0 / 80
            case .hz120: 1.0 / 120
            // ProMotion's variable rate, with a dropped frame now and then.
            case .irregular: Self.irregularIntervals.randomElement(using: &random)!
            }
        }
    }

    func line(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func paramsLine(_ parameters: Parameters) -> String {
        let json = String(decoding: try! JSONEncoder().encode(parameters), as: UTF8.self)
        return #"{"event":"params","revision":1,"source":"file","path":"/x.toml","params":\#(json),"error":null}"#
    }

    func stateLine(offset: Double, animating: Bool, cards: Int) -> String {
        line([
            "event": "state", "offset": offset, "front": 0, "animating": animating, "clients": 2, "revision": 1,
            "frames_sent": 0, "uptime_s": 1.5, "cards": cards,
        ])
    }

    func frameLine(seq: Int, offset: Double, time: Double, motion: MotionStart?) -> String {
        var object: [String: Any] = [
            "event": "frame", "seq": seq, "revision": 1, "frame": ["offset": offset, "cards": [Any]()], "time": time,
        ]
        if let motion {
            object["motion"] = try! JSONSerialization.jsonObject(with: JSONEncoder().encode(motion))
        }
        return line(object)
    }

    /// A tracker that has the daemon at rest at `offset` and its clock from five round trips
    /// with symmetric delays of tens of milliseconds.
    func follower(_ parameters: Parameters, offset: Double) -> LiveTracker {
        var tracker = LiveTracker(motion: true)
        _ = tracker.take(paramsLine(parameters))
        _ = tracker.take(stateLine(offset: offset, animating: false, cards: parameters.layout.cards))
        for (i, d) in [0.03125, 0.046875, 0.015625, 0.0234375, 0.0390625].enumerated() {
            let sent = 5000 + 0.25 * Double(i)
            _ = tracker.roundTrip(sent: sent, daemonTime: sent + d + Self.truth, received: sent + 2 * d)
        }
        return tracker
    }

    /// The daemon's lines for `move`, each with its local arrival time: a state change,
    /// one frame per tick while the move runs (its last included), then rest. The first
    /// arrives `firstDelay` late, the rest 10 to 50 ms late, in order.
    func daemonLines(_ move: MotionStart, _ parameters: Parameters, firstDelay: Double, _ random: inout SplitMix64)
        -> [(arrival: Double, line: String)]
    {
        let motion = move.motion(parameters)
        let tick = 1 / Double(parameters.animation.fps)
        var lines: [(Double, String)] = []
        var arrival = -Double.infinity
        func send(_ time: Double, _ line: String) {
            let delay = lines.isEmpty ? firstDelay : 0.01 + Double.random(in: 0..<0.04, using: &random)
            arrival = max(arrival, time - Self.truth + delay)
            lines.append((arrival, line))
        }
        send(move.start, stateLine(offset: move.from, animating: true, cards: parameters.layout.cards))
        var k = 0
        while true {
            let time = move.start + Double(k) * tick
            let done = motion.isFinished(at: time - move.start)
            send(time, frameLine(seq: k, offset: move.offset(at: time, parameters), time: time, motion: move))
            if done {
                send(
                    time,
                    stateLine(
                        offset: move.offset(at: time, parameters), animating: false, cards: parameters.layout.cards))
                return lines
            }
            k += 1
        }
    }

    @Test(arguments: cases, Cadence.allCases)
    func theFollowedMoveIsTheDaemonsAtEveryTargetTimestamp(_ c: Case, _ cadence: Cadence) throws {
        var random = SplitMix64(seed: 4_747)
        let move = c.motion(start: 5002 + Self.truth)
        let rest = Layout.normalize(c.from, c.parameters)
        var tracker = follower(c.parameters, offset: rest)
        let lines = daemonLines(move, c.parameters, firstDelay: 0.046875, &random)
        let end = move.start - Self.truth + move.motion(c.parameters).end + 0.3
        var next = 0
        var heard = false
        var played = 0
        var interval = cadence.interval(&random)
        var target = 5001.9
        while target < end {
            // The link fires one interval before the frame it prepares is shown: the lines
            // that arrived by then are in.
            while next < lines.count, lines[next].arrival <= target - interval {
                _ = tracker.take(lines[next].line)
                heard = heard || tracker.snapshot?.motion != nil
                next += 1
            }
            let player = try #require(tracker.snapshot).motionPlayer
            let got = player.offset(atTargetTimestamp: target)
            if heard {
                let daemon = move.offset(at: target + Self.truth, c.parameters)
                #expect(abs(got - daemon) <= 1e-9, "\(c) at \(cadence) Hz, \(target - 5002) s in")
                played += 1
            } else {
                #expect(got == rest)
            }
            interval = cadence.interval(&random)
            target += interval
        }
        #expect(next == lines.count, "every line arrived")
        #expect(tracker.snapshot?.motion == nil && tracker.snapshot?.animating == false)
        #expect(played > 20)
    }

    /// A move heard 50 ms after it started begins where the daemon's is now, not at its
    /// start: the first frame drawn is already 50 ms (and more) into the move.
    @Test func aMoveArrivingLateStartsWhereTheDaemonsIsNow() throws {
        let c = Self.cases[1]
        var tracker = follower(c.parameters, offset: c.from)
        let move = c.motion(start: 5002 + Self.truth)
        let first = frameLine(seq: 0, offset: c.from, time: move.start, motion: move)
        #expect(tracker.take(first).count == 1, "a new move is published once")
        // The frame arrived at local 5002.05; the link's next frame shows at 5002.0625.
        let player = try #require(tracker.snapshot).motionPlayer
        let drawn = player.offset(atTargetTimestamp: 5002.0625)
        #expect(drawn == move.offset(at: 5002.0625 + Self.truth, c.parameters))
        #expect(drawn - c.from > 5, "not replayed from its start")
        #expect(player.isMoving(atTargetTimestamp: 5002.0625))
        #expect(!player.isMoving(atTargetTimestamp: 5002 + c.parameters.animation.duration))
    }

    /// Frames of the move in force publish nothing once the clock is known; a new move
    /// replaces it; the daemon at rest ends it. Before the clock is known, each frame's offset
    /// is published as the frame stream's.
    @Test func framesOfTheMoveInForcePublishNothingANewMoveReplacesIt() throws {
        let p = Parameters()
        var tracker = follower(p, offset: 0)
        let a = MotionStart(kind: .step, from: 0, to: 120, velocity: 0, start: 10)
        let b = MotionStart(kind: .step, from: 50, to: 240, velocity: 400, start: 10.1)
        guard case .changed(let s, let change) = tracker.take(frameLine(seq: 1, offset: 0, time: 10, motion: a)).first
        else {
            Issue.record("the move was not published")
            return
        }
        #expect(s.motion == a && change.contains(.motion))
        #expect(tracker.take(frameLine(seq: 2, offset: 20, time: 10.05, motion: a)) == [])
        #expect(tracker.snapshot?.motionPlayer.motion == a)
        #expect(tracker.take(frameLine(seq: 3, offset: 50, time: 10.1, motion: b)).count == 1)
        #expect(tracker.snapshot?.motion == b)
        _ = tracker.take(stateLine(offset: 240, animating: false, cards: p.layout.cards))
        #expect(tracker.snapshot?.motion == nil && tracker.snapshot?.offset == 240)
        #expect(tracker.snapshot?.motionPlayer.offset(atTargetTimestamp: 1e6) == 240)

        var early = LiveTracker(motion: true)
        _ = early.take(paramsLine(p))
        _ = early.take(stateLine(offset: 0, animating: true, cards: p.layout.cards))
        _ = early.take(frameLine(seq: 1, offset: 0, time: 10, motion: a))
        _ = early.take(frameLine(seq: 2, offset: 20, time: 10.05, motion: a))
        #expect(early.snapshot?.offset == 20 && early.snapshot?.clock == nil)
        #expect(early.snapshot?.motionPlayer.offset(atTargetTimestamp: 3) == 20)
        var frames = LiveTracker()
        _ = frames.take(paramsLine(p))
        _ = frames.take(stateLine(offset: 0, animating: true, cards: p.layout.cards))
        _ = frames.take(frameLine(seq: 1, offset: 20, time: 10, motion: a))
        #expect(frames.snapshot?.offset == 20 && frames.snapshot?.motion == nil)
    }
}
