import CardStackProtocol

/// What the viewer does about a key.
public enum ViewerAction: Sendable, Equatable {
    /// Send this command to the daemon (without waiting for its reply).
    case send(Command)
    /// Leave the viewer.
    case quit
    /// Show or hide the key list.
    case toggleHelp
    /// Close the help overlay if it is open.
    case dismiss
    /// Draw the whole screen again.
    case redraw
}

/// The viewer's key bindings: ``Key`` → ``ViewerAction``, and their help text.
///
/// ```swift
/// var decoder = KeyDecoder()
/// let map = KeyMap(spacing: 30, cards: 11)
/// let actions = decoder.feed(Array("jq".utf8)).compactMap(map.action)
/// // [.send(.next(count: 1)), .quit]
/// ```
public struct KeyMap: Sendable, Equatable {
    /// Fling speed for J/K and PgDn/PgUp, points per second.
    public static let flingVelocity = 3000.0

    /// The parameters in force that bindings depend on.
    public var spacing: Double
    /// The deck's size (`get_state`'s `cards` once known).
    public var cards: Int
    /// The front item of the newest frame: what `d`, `m` and `i` edit.
    public var front: Int
    /// Whether a card is open (the newest frame has a `reveal`): `o` closes it then.
    public var revealOpen = false
    /// Whether the daemon plays the reduced variant (`animation.reduce_motion`): `r` turns it
    /// the other way.
    public var reduceMotion = false

    /// Bindings for a deck of `cards` cards `spacing` points apart, `front` in front.
    public init(spacing: Double, cards: Int, front: Int = 0) {
        self.spacing = spacing
        self.cards = cards
        self.front = front
    }

    /// Every binding, for `--help` and the `?` overlay.
    public static let help: [(keys: String, action: String)] = [
        ("j, Down", "next card (next)"),
        ("k, Up", "previous card (prev)"),
        ("J, PgDn", "fling forward (3000 pt/s)"),
        ("K, PgUp", "fling back (-3000 pt/s)"),
        ("space", "snap to the nearest card"),
        ("g, Home", "go to the first card (animated)"),
        ("G, End", "go to the last card (animated)"),
        ("wheel", "scroll by a third of a card"),
        ("d", "remove the front card (remove)"),
        ("m", "move the front card one place on (move)"),
        ("i", "insert a card after the front card (insert)"),
        ("w", "write the values in force into the file (save)"),
        ("u", "undo the last parameter change (undo)"),
        ("U", "redo it (redo)"),
        ("o", "open or close the front card (circle reveal)"),
        ("r", "turn Reduce Motion on or off (animation.reduce_motion)"),
        ("?", "show or hide this help"),
        ("Ctrl-L", "redraw the screen"),
        ("q, Ctrl-C", "quit"),
    ]

    /// The action for `key`, or nil when the key means nothing.
    public func action(for key: Key) -> ViewerAction? {
        switch key {
        case .character("j"), .down: .send(.next(count: 1))
        case .character("k"), .up: .send(.prev(count: 1))
        case .character("J"), .pageDown: .send(.fling(velocity: Self.flingVelocity))
        case .character("K"), .pageUp: .send(.fling(velocity: -Self.flingVelocity))
        case .character(" "): .send(.snap)
        case .character("g"), .home: .send(.scrollTo(offset: 0, animated: true))
        case .character("G"), .end: .send(.scrollTo(offset: Double(max(cards - 1, 0)) * spacing, animated: true))
        case .wheelDown: .send(.scroll(by: spacing / 3))
        case .wheelUp: .send(.scroll(by: -spacing / 3))
        case .character("d"): .send(.edit(.remove(item: front)))
        // The last card comes round to the start of the deck.
        case .character("m"): .send(.edit(.move(from: front, to: front + 1 < cards ? front + 1 : 0)))
        case .character("i"): .send(.edit(.insert(at: min(front + 1, cards), title: "New \(cards + 1)")))
        case .character("w"): .send(.tuning(.save))
        case .character("u"): .send(.tuning(.undo))
        case .character("U"): .send(.tuning(.redo))
        case .character("o"): revealOpen ? .send(.close) : .send(.open(item: front))
        case .character("r"):
            .send(.setParams(.object([("animation", .object([("reduce_motion", .bool(!reduceMotion))]))])))
        case .character("?"): .toggleHelp
        case .escape: .dismiss
        case .redraw: .redraw
        case .character("q"), .interrupt: .quit
        default: nil
        }
    }
}
