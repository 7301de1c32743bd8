/// A move of the scroll offset the daemon animates: a step (`next`, `prev`, `snap`, an
/// animated `scroll_to`: ``Motion``) or a scroll model's throw or bounce (`fling`, a drag's
/// release: ``ScrollMotion``). One reader of both, so the session, `verify` and the live
/// follower ask the same questions of either.
public enum OffsetMove: Sendable, Equatable {
    case step(Motion)
    case scroll(ScrollMotion)

    /// Whether it moves at all: a step from its target to itself, or a scroll motion with no
    /// piece, is already at rest. (A scroll motion may start and end on the same point and
    /// still move: a bounce off an edge.)
    public var isStill: Bool {
        switch self {
        case .step(let m): m.from == m.to
        case .scroll(let m): m.pieces.isEmpty
        }
    }

    /// Where it starts (its target for a still scroll motion... which has none: `fallback`).
    public func from(or fallback: Double) -> Double {
        switch self {
        case .step(let m): m.from
        case .scroll(let m): m.from ?? fallback
        }
    }

    /// Where it comes to rest, unwrapped (`fallback` for a scroll motion with no piece).
    public func to(or fallback: Double) -> Double {
        switch self {
        case .step(let m): m.to
        case .scroll(let m): m.to ?? fallback
        }
    }

    /// Seconds from its start until it is at rest (slowdown included).
    public var end: Double {
        switch self {
        case .step(let m): m.end
        case .scroll(let m): m.end
        }
    }

    /// Whether it is at rest `elapsed` seconds after its start.
    public func isFinished(at elapsed: Double) -> Bool {
        switch self {
        case .step(let m): m.isFinished(at: elapsed)
        case .scroll(let m): m.isFinished(at: elapsed)
        }
    }

    /// The offset `elapsed` seconds after its start, unwrapped (past an edge during a bounce).
    public func position(at elapsed: Double) -> Double {
        switch self {
        case .step(let m): m.position(at: elapsed)
        case .scroll(let m): m.position(at: elapsed)
        }
    }

    /// The velocity `elapsed` seconds after its start, points per second of unslowed time.
    public func velocity(at elapsed: Double) -> Double {
        switch self {
        case .step(let m): m.velocity(at: elapsed)
        case .scroll(let m): m.velocity(at: elapsed)
        }
    }

    /// Whether it is a scroll model's move, whose offsets may lie past an edge.
    public var passesEdges: Bool {
        if case .scroll = self { return true }
        return false
    }
}
