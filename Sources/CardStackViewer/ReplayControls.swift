/// `cardstack view --replay`'s keys applied to a ``ReplayPlayer``: a plain value, the time
/// passed in. The executable's loop reads the terminal and the clock, hands each key to
/// ``apply(_:now:)`` and draws ``state``; nothing here touches the terminal.
public struct ReplayControls: Sendable {
    /// The replay's keys, for `--help` and the `?` overlay.
    public static let help: [(keys: String, action: String)] = [
        ("space", "pause or play (at the end: play again)"),
        (", .", "one frame back / on (pauses)"),
        ("+ -", "faster / slower (0.1× to 4×)"),
        ("?", "show or hide this help"),
        ("Ctrl-L", "redraw the screen"),
        ("q, Ctrl-C", "quit"),
    ]

    /// What the loop does after a key.
    public enum Outcome: Sendable, Equatable {
        /// Draw again when due.
        case carryOn
        /// Draw the whole screen again (Ctrl-L): what is on it is not known.
        case redrawAll
        /// End the replay (exit 0).
        case quit
    }

    /// The recording being played.
    public var player: ReplayPlayer
    /// Whether the `?` overlay is shown.
    public var showHelp = false

    /// Controls for `player`, the help hidden.
    public init(player: ReplayPlayer) {
        self.player = player
    }

    /// Applies one key at `now` (the monotonic clock, seconds).
    public mutating func apply(_ key: Key, now: Double) -> Outcome {
        switch key {
        case .character("q"), .interrupt: return .quit
        case .character(" "): player.togglePause(now: now)
        case .character("."), .character(">"): player.step(by: 1, now: now)
        case .character(","), .character("<"): player.step(by: -1, now: now)
        case .character("+"), .character("="): player.changeSpeed(faster: true, now: now)
        case .character("-"), .character("_"): player.changeSpeed(faster: false, now: now)
        case .character("?"): showHelp.toggle()
        case .escape: showHelp = false
        case .redraw: return .redrawAll
        default: break
        }
        return .carryOn
    }

    /// The viewer state to draw: the player's, with its status line (the live viewer's own
    /// help is not shown; the replay's is drawn over it when ``showHelp``).
    public var state: ViewerState {
        var state = player.state
        state.replayStatus = player.statusText
        state.showHelp = false
        return state
    }
}
