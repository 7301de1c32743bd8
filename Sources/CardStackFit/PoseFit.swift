import CardLayout

/// Fits the pose of a still to the corners of two or more cards: `layout.spacing`,
/// `layout.scale_step`, `layout.m34`, the card's `width`, `height` and `anchor`, and the
/// scroll offset the still was taken at (as a fraction of the spacing, since a still does
/// not say which card is in front).
///
/// Each given card is matched to the nearest card of cardstack's own frame
/// (``Layout/frame(_:offset:context:)``) for the style in `parameters`, and the unknowns
/// minimise the sum of squared corner distances in points: a coarse grid over the offset,
/// then ``NelderMead`` over all unknowns together.
///
/// Some unknowns a still may not determine: `m34` changes a picture only where a card is
/// turned, and in a stack at rest the anchor's height trades off exactly against the
/// spacing. Each is tried held at its given value; when the fit is as good, it stays so
/// and the result names it (``Result/undetermined``).
public struct PoseFit: Sendable {
    /// A fitted pose.
    public struct Result: Sendable, Equatable {
        /// `parameters` with the fitted numbers in `layout` and `card`.
        public var parameters: Parameters
        /// The offset the still shows, in points from a resting card.
        public var offset: Double
        public var residual: Residual
        /// How many corners the fit used.
        public var corners: Int
        /// The unknowns the still does not determine (`m34`, `anchor.y`, `anchor.x`), kept as given.
        public var undetermined: [String]
    }

    public var parameters: Parameters
    /// Each card's corners on the stage, in points: top-left, top-right, bottom-right,
    /// bottom-left, in any order of cards.
    public var cards: [[Point]]

    public init(parameters: Parameters, cards: [[Point]]) {
        self.parameters = parameters
        self.cards = cards
    }

    /// The parameters for the unknowns `x`: spacing, scale step, m34 · 10⁴, width, height,
    /// anchor x and y; nil when out of range.
    func parameters(_ x: [Double]) -> Parameters? {
        guard x[0] > 0.01, x[1] > 0.001, x[1] < 1, x[2] <= 0, x[3] > 1, x[4] > 1 else { return nil }
        var p = parameters
        p.layout.spacing = x[0]
        p.layout.scaleStep = x[1]
        p.layout.m34 = x[2] / 1e4
        p.card.width = x[3]
        p.card.height = x[4]
        // The anchor lies on the card (the file's range, 0...1).
        p.card.anchor = [min(max(x[5], 0), 1), min(max(x[6], 0), 1)]
        return p
    }

    /// The corner distances of every given card to its nearest model card (each model card
    /// used once), or nil when the frame has too few cards.
    func distances(_ p: Parameters, fraction: Double) -> [Double]? {
        let frame = Layout.frame(p, offset: fraction * p.layout.spacing)
        var quads = frame.cards.compactMap(\.quad)
        var out: [Double] = []
        for card in cards {
            var best: (index: Int, d: [Double], sum: Double)?
            for (i, quad) in quads.enumerated() {
                let d = zip(card, quad).map { distance($0, $1) }
                let sum = d.reduce(0) { $0 + $1 * $1 }
                if best.map({ sum < $0.sum }) ?? true { best = (i, d, sum) }
            }
            guard let best else { return nil }
            quads.remove(at: best.index)
            out += best.d
        }
        return out
    }

    func cost(_ x: [Double]) -> Double {
        guard let p = parameters(x), x[7] >= 0, x[7] < 1, let d = distances(p, fraction: x[7]) else { return .infinity }
        return d.reduce(0) { $0 + $1 * $1 }
    }

    /// The unknowns as given in ``parameters``.
    var given: [Double] {
        let l = parameters.layout
        let c = parameters.card
        return [l.spacing, l.scaleStep, l.m34 * 1e4, c.width, c.height, c.anchor[0], c.anchor[1], 0]
    }

    /// Minimises the cost over the unknowns not in `fixed`, which keep their values in `start`.
    func solve(_ start: [Double], steps: [Double], fixing fixed: Set<Int>) -> NelderMead.Result {
        let free = start.indices.filter { !fixed.contains($0) }
        func full(_ y: [Double]) -> [Double] {
            var x = start
            for (i, v) in zip(free, y) { x[i] = v }
            return x
        }
        let found = NelderMead.minimize(
            start: free.map { start[$0] }, steps: free.map { steps[$0] }, restarts: 4, iterations: 4000
        ) { cost(full($0)) }
        return NelderMead.Result(point: full(found.point), value: found.value)
    }

    /// Fits the pose.
    public func fit() throws(FitError) -> Result {
        guard cards.count >= 2 else {
            throw FitError("a pose fit needs the corners of at least two cards, got \(cards.count)")
        }
        if let bad = cards.firstIndex(where: { $0.count != 4 }) {
            throw FitError("card \(bad + 1) has \(cards[bad].count) corners; each card needs 4")
        }
        let l = parameters.layout
        let c = parameters.card
        var start = given
        var best = Double.infinity
        for fraction in stride(from: 0.0, to: 1, by: 0.05) {
            var x = start
            x[7] = fraction
            let value = cost(x)
            if value < best { (best, start[7]) = (value, fraction) }
        }
        let steps = [
            l.spacing * 0.2, 0.02, max(abs(l.m34) * 1e4 * 0.2, 0.5), c.width * 0.1, c.height * 0.1, 0.1, 0.1, 0.05,
        ]
        var found = solve(start, steps: steps, fixing: [])
        // What the still cannot tell apart keeps the value given: m34 where no card is
        // turned, the anchor's height where it trades off against the spacing (a stack at
        // rest). Each is moved a step and held: when the others make up for it, the still
        // does not determine it, and it is held at its given value.
        var undetermined: [String] = []
        var held: Set<Int> = []
        for (name, group) in [("m34", [2]), ("anchor.y", [6]), ("anchor.x", [5])] {
            // Moved off by a step and held there, do the other unknowns make up for it?
            var moved = found.point
            for i in group { moved[i] += steps[i] }
            let away = solve(moved, steps: steps, fixing: held.union(group))
            // Root mean square corner distances: as good within 5 % or a fiftieth of a point.
            let corners = Double(4 * cards.count)
            guard (away.value / corners).squareRoot() <= (found.value / corners).squareRoot() * 1.05 + 0.02 else {
                continue
            }
            var given = found.point
            for i in group { given[i] = self.given[i] }
            held.formUnion(group)
            found = solve(given, steps: steps, fixing: held)
            undetermined.append(name)
        }
        let x = found.point
        let p = parameters(x)!
        let d = distances(p, fraction: x[7]) ?? []
        return Result(
            parameters: p, offset: x[7] * p.layout.spacing, residual: Residual(distances: d), corners: d.count,
            undetermined: undetermined)
    }
}
