import CardLayout
import CardStackLive
import Foundation

// live-follow URL [--seconds N] [--frames | --motion | --trace] [--scroll-to OFFSET]
//
// Follows the daemon behind `cardstack web` (URL: the one it printed) and prints one JSON line
// per update: {"revision": R, "offset": X, "cards": [...]}, the cards computed here by
// CardLayout at the daemon's offset, in the daemon's frame format. Exits 1 with the reason on
// a refused token or an unreachable URL; errors after the first update go to standard error
// while it reconnects. With --motion each line also holds the move in force and the
// daemon's clock as estimated ("motion", "clock"; null until known).

let usage = """
    usage: live-follow URL [--seconds N] [--frames | --motion | --trace] [--scroll-to OFFSET]
      URL            the URL `cardstack web` printed (http://HOST:PORT/?token=…)
      --seconds N    stop after N seconds (default: run until interrupted)
      --frames       follow the offset of every frame (smooth animations)
      --motion       keep each move and the daemon's clock, as an app plays them (options.motion)
      --trace        as --motion, and play each move on a simulated 120 Hz display link: the
                     frames it draws go back to the bridge as a device trace (POST /trace)
                     once the move is over, and a line {"trace": FRAMES} says so
      --scroll-to X  once following, send scroll_to X to the daemon (what a phone's scrolling sends)
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("live-follow: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var url: URL?
var seconds: Double?
var frames = false
var motion = false
var tracing = false
var scrollTo: Double?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--seconds":
        guard let value = arguments.first.flatMap(Double.init), value > 0 else {
            fail("--seconds takes a positive number\n\(usage)")
        }
        seconds = value
        arguments.removeFirst()
    case "--scroll-to":
        guard let value = arguments.first.flatMap(Double.init), value.isFinite else {
            fail("--scroll-to takes a number\n\(usage)")
        }
        scrollTo = value
        arguments.removeFirst()
    case "--frames": frames = true
    case "--motion": motion = true
    case "--trace":
        motion = true
        tracing = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        guard url == nil, let parsed = URL(string: argument) else { fail("unexpected argument \(argument)\n\(usage)") }
        url = parsed
    }
}
guard let url else { fail("no URL\n\(usage)") }

let follower: LiveFollower
do {
    // A terminal has no display link to play moves on: it prints what it hears, the move
    // and the clock too with --motion.
    follower = try LiveFollower(url: url, options: .init(frames: frames, motion: motion))
} catch {
    fail("\(error)")
}

if let seconds {
    Task {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        follower.stop()
    }
}

/// One update as a JSON line.
func line(_ snapshot: LiveSnapshot, motion: Bool) -> String {
    struct Clock: Encodable {
        let offset: Double
        let uncertainty: Double
        let roundTrip: Double
        let samples: Int
        enum CodingKeys: String, CodingKey {
            case offset, uncertainty, samples
            case roundTrip = "round_trip"
        }
    }
    struct Update: Encodable {
        let revision: Int
        let offset: Double
        let cards: [CardPlacement]
        let motion: MotionStart??
        let clock: Clock??

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(revision, forKey: .revision)
            try c.encode(offset, forKey: .offset)
            try c.encode(cards, forKey: .cards)
            // With --motion, present and null until known; without, absent.
            if let motion { try c.encode(motion, forKey: .motion) }
            if let clock { try c.encode(clock, forKey: .clock) }
        }

        enum Key: String, CodingKey { case revision, offset, cards, motion, clock }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let clock = snapshot.clock.map {
        Clock(offset: $0.offset, uncertainty: $0.uncertainty, roundTrip: $0.roundTrip, samples: $0.samples)
    }
    let update = Update(
        revision: snapshot.revision, offset: snapshot.offset, cards: snapshot.cards(),
        motion: motion ? .some(snapshot.motion) : nil, clock: motion ? .some(clock) : nil)
    return String(decoding: (try? encoder.encode(update)) ?? Data(), as: UTF8.self)
}

/// What a 120 Hz display link would draw of the move `player` holds, from local time `now`
/// until the move ends: each frame at its target time (what LiveDisplayLink does on a phone).
func simulatedDisplay(_ player: LiveMotion, from now: Double) -> LiveTrace {
    var trace = LiveTrace()
    let refresh = 1.0 / 120
    var target = now + refresh
    while trace.frames.count < LiveTrace.maximumFrames {
        trace.record(
            targetTimestamp: target, duration: refresh, offset: player.offset(atTargetTimestamp: target),
            clock: player.clock)
        if !player.isMoving(atTargetTimestamp: target) { break }
        target += refresh
    }
    return trace
}

follower.start()
var following = false
var traced: MotionStart?
for await update in follower.updates {
    switch update {
    case .changed(let snapshot, _):
        // Written at once (not through stdio's buffer): a script reads each line as it comes.
        FileHandle.standardOutput.write(Data((line(snapshot, motion: motion) + "\n").utf8))
        if tracing, let move = snapshot.motion, move != traced, snapshot.clock != nil {
            traced = move
            let trace = simulatedDisplay(snapshot.motionPlayer, from: LiveFollower.systemClock())
            do {
                let taken = try await follower.sendTrace(trace)
                FileHandle.standardOutput.write(Data("{\"trace\":\(taken)}\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("live-follow: trace: \(error)\n".utf8))
            }
        }
        if !following, let offset = scrollTo {
            following = true
            do {
                _ = try await follower.send(.scrollTo(offset: offset))
            } catch {
                fail("scroll_to: \(error)")
            }
        }
        following = true
    case .error(let error):
        switch error {
        case .refused, .badURL: fail("\(error)")
        case .unreachable where !following: fail("\(error)")
        default: FileHandle.standardError.write(Data("live-follow: \(error); trying again\n".utf8))
        }
    case .notice(let text), .configError(let text):
        FileHandle.standardError.write(Data("live-follow: \(text)\n".utf8))
    case .connected:
        break
    }
}
