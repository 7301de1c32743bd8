import CardLayout

/// Where a recorded frame and the one it is compared with part: the frame, the card and by
/// how much.
public struct GoldenDivergence: Sendable, Equatable, CustomStringConvertible {
    /// The frame, 1-based among the recording's frames, with its line and `seq`.
    public var frame: Int
    public var line: Int
    public var seq: Int
    /// The frame's time on the daemon's clock, seconds.
    public var time: Double
    /// The card's place in the frame, 0-based back to front, and the deck item it shows.
    public var card: Int
    public var item: Int
    public var title: String
    /// The largest distance between the card's corners (and anchor point) as recorded and as
    /// computed, in points; infinite when the cards differ in kind (another card, a card
    /// missing, alpha, a corner behind the eye).
    public var points: Double
    /// What differs, in words: `corner 3 is 0.42 pt off`, `alpha 0.5 recorded, 0.48 computed`.
    public var what: String

    public var description: String {
        "frame \(frame) (line \(line), seq \(seq), t \(GoldenReport.number(time)) s), card \(card) "
            + "(item \(item), \"\(title)\"): \(what)"
    }
}

/// The outcome of comparing a recording's frames with others: passes when every card of
/// every frame is within the tolerance; otherwise the first card that is not and the
/// largest deviation. ``message`` is a failure message for a test (`XCTFail`, `Issue.record`).
public struct GoldenReport: Sendable, Equatable {
    /// What was compared with what, for the message: `next.jsonl against this build's layout`.
    public var subject: String
    public var tolerance: Double
    public var framesChecked = 0
    public var cardsChecked = 0
    /// Of ``framesChecked``, those with Reduce Motion on (docs/tuning.md, "Both variants in one golden").
    public var reducedFramesChecked = 0
    public var first: GoldenDivergence?
    /// The card furthest off in points (first among equals); nil when nothing was compared.
    public var largest: GoldenDivergence?

    public init(subject: String, tolerance: Double) {
        self.subject = subject
        self.tolerance = tolerance
    }

    public var passed: Bool { first == nil && framesChecked > 0 }

    /// One paragraph: the verdict, the first divergence, the largest deviation and where.
    public var message: String {
        guard framesChecked > 0 else { return "\(subject): no frames were compared" }
        let within = "within \(Self.number(tolerance)) pt"
        guard let first else {
            let most = largest.map { ", largest deviation \(Self.number($0.points)) pt" } ?? ""
            let reduced = reducedFramesChecked > 0 ? " (\(reducedFramesChecked) with Reduce Motion on)" : ""
            return "\(subject): all \(cardsChecked) cards of \(framesChecked) frames\(reduced) \(within)\(most)"
        }
        var text = "\(subject): differs (not \(within)); first at \(first)"
        if let largest, largest != first {
            text += "; largest at \(largest)"
        }
        return text
    }

    /// Adds one frame's comparison.
    mutating func add(_ divergences: [GoldenDivergence], cards: Int, reduced: Bool = false) {
        framesChecked += 1
        if reduced { reducedFramesChecked += 1 }
        cardsChecked += cards
        for d in divergences {
            if d.points > tolerance || d.points.isNaN, first == nil { first = d }
            // The largest deviation in points; a card of another kind is only ever `first`.
            if d.points.isFinite, largest == nil || d.points > largest!.points { largest = d }
        }
    }

    /// `x` to at most 4 decimals after the point, or in scientific form when smaller.
    public static func number(_ x: Double) -> String {
        if x == 0 { return "0" }
        if !x.isFinite { return x.isInfinite ? "∞" : "\(x)" }
        if abs(x) < 1e-4 { return "\(x)" }
        return "\((x * 10000).rounded() / 10000)"
    }
}

extension GoldenRecording {
    /// The largest an alpha may differ: alpha has no points, and a thousandth is below what
    /// a screen shows.
    public static let alphaTolerance = 0.001
    /// The default tolerance: a hundredth of a point, far below a pixel (a 3x screen's pixel
    /// is a third of a point); the build that made a recording computes it to the last bit.
    public static let defaultTolerance = 0.01

    /// How each card of `computed` differs from the card at its place in `recorded`: one
    /// divergence per card (its geometric deviation), plus one per card missing on
    /// either side.
    static func compare(_ recorded: RecordedFrame, with computed: [CardPlacement]) -> [GoldenDivergence] {
        let cards = recorded.frame.cards
        func divergence(_ index: Int, _ card: CardPlacement, _ points: Double, _ what: String) -> GoldenDivergence {
            GoldenDivergence(
                frame: recorded.number, line: recorded.line, seq: recorded.seq, time: recorded.time, card: index,
                item: card.item, title: card.title, points: points, what: what)
        }
        var out: [GoldenDivergence] = []
        for (index, card) in cards.enumerated() {
            guard index < computed.count else {
                out.append(
                    divergence(
                        index, card, .infinity,
                        "recorded \(cards.count) cards, computed \(computed.count): this card is missing"))
                continue
            }
            let other = computed[index]
            if other.item != card.item {
                out.append(divergence(index, card, .infinity, "computed item \(other.item) here instead"))
                continue
            }
            if abs(other.alpha - card.alpha) > alphaTolerance {
                out.append(
                    divergence(
                        index, card, .infinity,
                        "alpha \(GoldenReport.number(card.alpha)) recorded, \(GoldenReport.number(other.alpha)) computed"
                    ))
                continue
            }
            var worst = distance(card.position.x - other.position.x, card.position.y - other.position.y)
            var place = "its anchor point"
            switch (card.quad, other.quad) {
            case (let a?, let b?):
                for corner in 0..<min(a.count, b.count) {
                    let d = distance(a[corner].x - b[corner].x, a[corner].y - b[corner].y)
                    if d > worst || d.isNaN {
                        worst = d
                        place = "corner \(corner + 1) of 4 (\(Self.cornerNames[corner]))"
                    }
                }
            case (nil, nil):
                break
            case (nil, _?), (_?, nil):
                out.append(
                    divergence(
                        index, card, .infinity,
                        card.quad == nil
                            ? "recorded with a corner behind the eye, computed in view"
                            : "recorded in view, computed with a corner behind the eye"))
                continue
            }
            let at = "(\(GoldenReport.number(other.position.x)), \(GoldenReport.number(other.position.y)))"
            out.append(
                divergence(
                    index, card, worst, "\(place) is \(GoldenReport.number(worst)) pt off (anchor computed at \(at))"))
        }
        if computed.count > cards.count, let extra = computed.last {
            out.append(
                GoldenDivergence(
                    frame: recorded.number, line: recorded.line, seq: recorded.seq, time: recorded.time,
                    card: cards.count, item: extra.item, title: extra.title, points: .infinity,
                    what: "recorded \(cards.count) cards, computed \(computed.count): an extra card"))
        }
        return out
    }

    static let cornerNames = ["top left", "top right", "bottom right", "bottom left"]
}

/// The length of (x, y).
func distance(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
