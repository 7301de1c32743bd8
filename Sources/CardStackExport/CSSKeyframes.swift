import CardLayout

/// The moments an animated stylesheet keeps as keyframes, chosen so that what a browser draws
/// between two of them stays on the daemon's frames.
///
/// Between two keyframes a browser interpolates each card's numbers with the segment's
/// easing: `linear` for a spring or `decelerate` (the keyframes follow their curve), and the
/// piece of the curve's own `cubic-bezier()` that spans the segment for a Bézier curve. A
/// segment is split in two until, at its quarter, half and three-quarter moments, every card's
/// corners interpolated that way lie within ``tolerance`` CSS px of the true frame's, and the
/// same cards are shown; a card appearing or vanishing is pinned down to ``switchWidth`` seconds.
struct CSSKeyframes {
    /// One kept moment: its fraction of the duration and the frame then.
    struct Moment {
        var fraction: Double
        var frame: Frame
        /// The cards by identity (item, virtual index).
        var cards: [Key: CardPlacement]
    }

    struct Key: Hashable, Comparable {
        var item: Int
        var index: Int
        static func < (a: Key, b: Key) -> Bool { (a.item, a.index) < (b.item, b.index) }
    }

    /// Largest gap allowed between an interpolated corner and the true one, CSS px.
    static let tolerance = 0.2
    /// Segments are not split below this many seconds to fit.
    static let shortest = 1e-4
    /// The moment a card appears or vanishes is pinned down to this many seconds: no frame
    /// falls between its two keyframes.
    static let switchWidth = 1e-9
    /// The first split: this many equal segments.
    static let initialSegments = 16

    let transition: ExportTransition
    /// The curve's Bézier, when the progress follows one (no spring, not `decelerate`).
    let bezier: [Double]?
    /// Every card the transition shows, and the moments kept for each: a card's own
    /// keyframes are as dense as its own motion needs.
    private(set) var keys: [Key] = []
    private(set) var moments: [Key: [Moment]] = [:]
    private let cache = Cache()

    /// The frames computed so far, by fraction: the cards' refinements share their moments.
    private final class Cache {
        var moments: [Double: Moment] = [:]
    }

    init(_ transition: ExportTransition) {
        self.transition = transition
        let a = transition.parameters.animation
        let isFling = if case .fling = transition.animate { true } else { false }
        let curved = a.spring == nil && !isFling && a.curve != .decelerate
        bezier = curved ? a.curve.controlPoints : nil
        guard transition.duration > 0 else { return }
        // First the moments where the cards shown change, on a grid of the initial segments.
        var grid = [moment(0)]
        for k in 1...Self.initialSegments {
            refine(grid[grid.count - 1], moment(Double(k) / Double(Self.initialSegments)), key: nil, into: &grid)
        }
        keys = Set(grid.flatMap { $0.cards.keys }).sorted()
        // Then each card's own: split where its corners stray, kept where it is shown or next to it.
        for key in keys {
            var kept = [grid[0]]
            for next in grid.dropFirst() { refine(kept[kept.count - 1], next, key: key, into: &kept) }
            // The first and the last moment always: a keyframe list starts at 0 % and ends at 100 %.
            moments[key] = kept.indices.filter { i in
                i == 0 || i == kept.count - 1 || kept[(i - 1)...(i + 1)].contains { $0.cards[key] != nil }
            }.map { kept[$0] }
        }
    }

    func moment(_ fraction: Double) -> Moment {
        if let known = cache.moments[fraction] { return known }
        let frame = transition.frame(at: fraction * transition.duration)
        var cards: [Key: CardPlacement] = [:]
        for card in frame.cards { cards[Key(item: card.item, index: card.index)] = card }
        let made = Moment(fraction: fraction, frame: frame, cards: cards)
        cache.moments[fraction] = made
        return made
    }

    /// The cards `key` names at `m`: all of them for nil, else that one if it is shown.
    private func shown(_ m: Moment, _ key: Key?) -> Set<Key> {
        guard let key else { return Set(m.cards.keys) }
        return m.cards[key] == nil ? [] : [key]
    }

    /// Appends `b` to `kept` (which ends with `a`), with whatever moments between them
    /// the tolerance needs first: for every card when `key` is nil (only where the cards
    /// shown change), else for that card.
    private func refine(_ a: Moment, _ b: Moment, key: Key?, into kept: inout [Moment]) {
        let span = (b.fraction - a.fraction) * transition.duration
        if shown(a, key) != shown(b, key), span > Self.switchWidth {
            // A card appears or vanishes in between: pin the moment down to `switchWidth`
            // (bisection, keeping only its two sides), then refine either side of it.
            var low = a
            var high = b
            while (high.fraction - low.fraction) * transition.duration > Self.switchWidth {
                let middle = moment((low.fraction + high.fraction) / 2)
                if shown(middle, key) == shown(a, key) { low = middle } else { high = middle }
            }
            if low.fraction > a.fraction { refine(a, low, key: key, into: &kept) }
            kept.append(high)
            // A switch in the segment's last `switchWidth` leaves `high` at `b`: kept once.
            if high.fraction < b.fraction { refine(high, b, key: key, into: &kept) }
            return
        }
        if span > Self.shortest, !fits(a, b, key) {
            let middle = moment((a.fraction + b.fraction) / 2)
            refine(a, middle, key: key, into: &kept)
            refine(middle, b, key: key, into: &kept)
            return
        }
        kept.append(b)
    }

    /// The segment's easing at `local` (0...1 of the segment from `a` to `b`).
    func easing(_ a: Double, _ b: Double) -> [Double]? {
        guard let p = bezier else { return nil }
        return Self.piece(of: p, from: a, to: b)
    }

    /// Whether a browser's interpolation from `a` to `b` stays on the true frames: the same
    /// cards shown inside, and (for one card) its corners within the tolerance.
    private func fits(_ a: Moment, _ b: Moment, _ key: Key?) -> Bool {
        let ease = easing(a.fraction, b.fraction).map { UnitBezier($0[0], $0[1], $0[2], $0[3]) }
        for local in [0.25, 0.5, 0.75] {
            let truth = moment(a.fraction + (b.fraction - a.fraction) * local)
            guard shown(truth, key) == shown(a, key) else { return false }
            guard let key, let card = truth.cards[key], let q = card.quad else { continue }
            guard let qa = a.cards[key]?.quad, let qb = b.cards[key]?.quad else { return false }
            let e = ease.map { $0.solve(local) } ?? local
            for i in 0..<4 {
                let x = qa[i].x + (qb[i].x - qa[i].x) * e
                let y = qa[i].y + (qb[i].y - qa[i].y) * e
                if abs(x - q[i].x) > Self.tolerance || abs(y - q[i].y) > Self.tolerance { return false }
            }
        }
        return true
    }

    /// The piece of the unit Bézier `p` between the time fractions `a` and `b`, rescaled to a
    /// unit curve of its own: what `cubic-bezier()` a keyframe segment needs so that the whole
    /// follows `p`. Both x are kept in [0, 1], as CSS requires.
    static func piece(of p: [Double], from a: Double, to b: Double) -> [Double] {
        let curve = UnitBezier(p[0], p[1], p[2], p[3])
        let sa = a <= 0 ? 0 : (a >= 1 ? 1 : curve.parameter(for: a))
        let sb = b <= 0 ? 0 : (b >= 1 ? 1 : curve.parameter(for: b))
        func point(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            return (
                3 * u * u * s * p[0] + 3 * u * s * s * p[2] + s * s * s,
                3 * u * u * s * p[1] + 3 * u * s * s * p[3] + s * s * s
            )
        }
        func slope(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            return (
                3 * u * u * p[0] + 6 * u * s * (p[2] - p[0]) + 3 * s * s * (1 - p[2]),
                3 * u * u * p[1] + 6 * u * s * (p[3] - p[1]) + 3 * s * s * (1 - p[3])
            )
        }
        let q0 = point(sa)
        let q3 = point(sb)
        let d0 = slope(sa)
        let d3 = slope(sb)
        let h = (sb - sa) / 3
        let width = q3.0 - q0.0
        let height = q3.1 - q0.1
        guard width > 0, height != 0 else { return [0, 0, 1, 1] }
        let x1 = (h * d0.0) / width
        let y1 = (h * d0.1) / height
        let x2 = 1 - (h * d3.0) / width
        let y2 = 1 - (h * d3.1) / height
        return [min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2]
    }
}
