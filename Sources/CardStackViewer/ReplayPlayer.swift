import CardStackClient

/// Plays a ``Recording`` into a ``ViewerState`` at its recorded timing: pause, step one frame
/// either way, and change the speed (0.1× to 4×).
///
/// A pure value: the wall clock is passed in (monotonic seconds), so every key can be tested.
///
/// ```swift
/// var player = ReplayPlayer(recording, now: t)
/// player.advance(now: t + 0.5)      // half a second of the recording has played
/// player.togglePause(now: t + 0.5)
/// player.step(by: 1, now: t + 0.6)  // the next frame
/// ```
public struct ReplayPlayer: Sendable {
    /// The speeds `+` and `-` step through.
    public static let speeds = [0.1, 0.25, 0.5, 1, 2, 4]

    public let recording: Recording
    /// The viewer state with every entry up to ``applied`` played.
    public private(set) var state = ViewerState()
    /// How many entries have been played.
    public private(set) var applied = 0
    /// Where playback is, on the recording's clock.
    public private(set) var position: Double
    public private(set) var paused = false
    public private(set) var speed = 1.0
    /// The wall time ``position`` was last brought up to date.
    private var wall: Double

    public init(_ recording: Recording, now: Double) {
        self.recording = recording
        position = recording.entries.first?.time ?? 0
        wall = now
        play(upTo: position, now: now)
    }

    /// Where the recording starts and ends, on its clock.
    public var start: Double { recording.entries.first?.time ?? 0 }
    public var end: Double { recording.entries.last?.time ?? 0 }
    /// Every entry has been played.
    public var atEnd: Bool { applied == recording.entries.count }

    /// Plays what is due by `now`.
    public mutating func advance(now: Double) {
        if !paused, !atEnd {
            position = min(position + (now - wall) * speed, end)
            play(upTo: position, now: now)
        }
        wall = now
    }

    /// The wall time at which the next entry is due (for the caller's sleep), nil when paused.
    public func nextDue() -> Double? {
        guard !paused, applied < recording.entries.count else { return nil }
        return wall + max(recording.entries[applied].time - position, 0) / speed
    }

    /// Space: pause or play; at the end, play again from the start.
    public mutating func togglePause(now: Double) {
        advance(now: now)
        if atEnd {
            restart(now: now)
            paused = false
        } else {
            paused.toggle()
        }
    }

    /// `.` and `,`: pause and show the frame `count` frames later (or earlier).
    public mutating func step(by count: Int, now: Double) {
        advance(now: now)
        paused = true
        let frames = recording.entries.indices.filter {
            if case .frame = recording.entries[$0].message { true } else { false }
        }
        // The frame shown now: the last one played.
        let current = frames.lastIndex { $0 < applied } ?? -1
        let target = min(max(current + count, 0), frames.count - 1)
        let index = frames[target]
        if index + 1 < applied { restart(now: now) }
        position = recording.entries[index].time
        playEntries(through: index, now: now)
    }

    /// `+` and `-`: the next speed up or down.
    public mutating func changeSpeed(faster: Bool, now: Double) {
        advance(now: now)
        let speeds = Self.speeds
        if faster {
            speed = speeds.first { $0 > speed + 1e-9 } ?? speeds.last!
        } else {
            speed = speeds.last { $0 < speed - 1e-9 } ?? speeds.first!
        }
    }

    /// The replay's status: `replay 0.734 / 2.100 s · ×0.5 · paused`.
    public var statusText: String {
        let elapsed = position - start
        let total = end - start
        var text = "replay \(Self.seconds(elapsed)) / \(Self.seconds(total)) s · ×\(StatusLine.decimal(speed))"
        if let time = state.frame?.time { text += " · t \(Self.seconds(time))" }
        if atEnd { text += " · end" } else if paused { text += " · paused" }
        return text
    }

    static func seconds(_ x: Double) -> String {
        guard x.isFinite, x < 1e12 else { return "\(x)" }
        let ms = Int((max(x, 0) * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    private mutating func restart(now: Double) {
        state = ViewerState()
        applied = 0
        position = start
        play(upTo: position, now: now)
    }

    private mutating func play(upTo time: Double, now: Double) {
        while applied < recording.entries.count, recording.entries[applied].time <= time {
            state.receive(recording.entries[applied].message, now: now)
            applied += 1
        }
    }

    private mutating func playEntries(through index: Int, now: Double) {
        while applied <= index {
            state.receive(recording.entries[applied].message, now: now)
            applied += 1
        }
    }
}
