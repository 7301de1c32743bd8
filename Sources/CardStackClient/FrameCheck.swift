import CardLayout

/// The ranges a frame read from a file or a request must be in before anything draws it: a
/// recording is not the daemon, and a number out of these ranges would become a picture, a
/// font or a duration no one can afford (docs/render.md, Bounds). Every range holds what the
/// daemon sends with room to spare.
public enum FrameCheck {
    /// A recorded `time`, seconds on the daemon's clock (its uptime): at most ±10⁹ s.
    public static let maximumTime = 1e9
    /// The viewport's and a card's sides, points: the parameter file's range (0, 100000].
    public static let maximumSide = 100_000.0
    /// Positions, anchors, the reveal's centre and radius, points.
    public static let maximumCoordinate = 1e6
    /// A transform's entries and a card's scale.
    public static let maximumEntry = 1e6
    /// The scroll offset, points.
    public static let maximumOffset = 1e12
    /// A deck item: the parameter file's `layout.cards` is at most a million.
    public static let maximumItem = 1_000_000

    /// What is out of range in `frame`, naming the field (`cards[2].size[0] 1e+300 is out of
    /// range (0 to 100000)`), or nil when it can be drawn.
    public static func problem(in frame: Frame) -> String? {
        var fields: [(String, Double, ClosedRange<Double>)] = [
            ("offset", frame.offset, -maximumOffset...maximumOffset),
            ("viewport.width", frame.viewport.width, 0...maximumSide),
            ("viewport.height", frame.viewport.height, 0...maximumSide),
        ]
        if frame.viewport.width <= 0 || frame.viewport.height <= 0 {
            return "viewport \(frame.viewport.width) x \(frame.viewport.height) is empty (each side more than 0 points)"
        }
        if frame.cards.count > StackLayout.maximumCards {
            return "\(frame.cards.count) cards is more than a frame holds (\(StackLayout.maximumCards))"
        }
        let coordinate = -maximumCoordinate...maximumCoordinate
        let entry = -maximumEntry...maximumEntry
        let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        for (i, card) in frame.cards.enumerated() {
            let at = "cards[\(i)]"
            if let why = itemProblem(card.item, at: "\(at).item") { return why }
            if let why = Deck.titleProblem(card.title) { return "\(at).title \(why)" }
            fields += [
                ("\(at).size[0]", card.size.width, 0...maximumSide),
                ("\(at).size[1]", card.size.height, 0...maximumSide),
                ("\(at).position[0]", card.position.x, coordinate), ("\(at).position[1]", card.position.y, coordinate),
                ("\(at).anchor[0]", card.anchor.x, coordinate), ("\(at).anchor[1]", card.anchor.y, coordinate),
                ("\(at).scale", card.scale, entry), ("\(at).alpha", card.alpha, any), ("\(at).ratio", card.ratio, any),
            ]
            fields += card.transform.entries.enumerated().map { ("\(at).transform[\($0)]", $1, entry) }
            for (k, corner) in (card.quad ?? []).enumerated() {
                fields += [("\(at).quad[\(k)][0]", corner.x, any), ("\(at).quad[\(k)][1]", corner.y, any)]
            }
        }
        if let reveal = frame.reveal {
            if let why = itemProblem(reveal.item, at: "reveal.item") { return why }
            fields += [
                ("reveal.center[0]", reveal.center.x, coordinate), ("reveal.center[1]", reveal.center.y, coordinate),
                ("reveal.radius", reveal.radius, coordinate), ("reveal.progress", reveal.progress, entry),
            ]
        }
        for (name, value, range) in fields where !(value.isFinite && range.contains(value)) {
            guard value.isFinite else { return "\(name) \(value) is not a finite number" }
            return "\(name) \(value) is out of range (\(number(range.lowerBound)) to \(number(range.upperBound)))"
        }
        return nil
    }

    /// What is wrong with a recorded `time`, or nil.
    public static func timeProblem(_ time: Double) -> String? {
        guard !(time.isFinite && abs(time) <= maximumTime) else { return nil }
        return "time \(time) is out of range (seconds on the daemon's clock, -1e9 to 1e9)"
    }

    static func itemProblem(_ item: Int, at name: String) -> String? {
        guard !(0..<maximumItem).contains(item) else { return nil }
        return "\(name) \(item) is out of range (0 to \(maximumItem - 1))"
    }

    static func number(_ x: Double) -> String {
        abs(x) < 1e15 && x == x.rounded() ? String(Int64(x)) : "\(x)"
    }
}
