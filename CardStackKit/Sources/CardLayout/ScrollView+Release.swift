import RealModule

extension ScrollView {
    /// What UIScrollView does after the finger lets go at `offset` with `velocity` points/s
    /// (docs/layouts.md §8, "scroll_view"):
    ///
    /// - released past an edge: back to the edge on the bounce spring (``bounceSpring`` or
    ///   `animation.spring`), with the release velocity; a velocity heading back faster than
    ///   ω·(distance past the edge) is cut to that, so the deck never crosses the edge;
    /// - a throw whose coast passes an edge (`scroll.bounces`, no paging): the decay from the
    ///   release velocity up to the edge, then the spring from the edge at the velocity it
    ///   reached: past the edge and back, landing on it at rest;
    /// - otherwise onto ``target(from:velocity:_:)`` by ``landing(from:velocity:to:_:)``.
    public static func release(from offset: Double, velocity: Double, _ parameters: Parameters) -> ScrollMotion {
        let slowdown = parameters.animation.slowdown
        let spring = parameters.animation.spring ?? bounceSpring
        if let edges = edges(parameters) {
            if !edges.contains(offset) {
                let edge = min(max(offset, edges.lowerBound), edges.upperBound)
                let past = offset - edge
                var v = velocity
                let limit = bounceSpring.angularFrequency * abs(past)
                if parameters.animation.spring == nil, v * past < 0, abs(v) > limit { v = past > 0 ? -limit : limit }
                return ScrollMotion(
                    [settle(spring, from: offset, to: edge, velocity: v)].compactMap { $0 }, slowdown: slowdown)
            }
            let k = decayRate(parameters.animation.deceleration)
            let natural = offset + coast(velocity: velocity, parameters.animation.deceleration)
            if parameters.scroll.bounces, !parameters.scroll.paging, velocity != 0, k > 0, !edges.contains(natural) {
                let edge = natural > edges.upperBound ? edges.upperBound : edges.lowerBound
                // The decay reaches the edge when e^(−k·t) = 1 − (edge − offset)·k/v.
                let reach = (edge - offset) * k / velocity
                let t = -Double.log(onePlus: -reach) / k
                var pieces: [Piece] = []
                if t > 0 { pieces.append(.decay(from: offset, velocity: velocity, rate: k, duration: t)) }
                if let back = settle(spring, from: edge, to: edge, velocity: velocity * (1 - reach)) {
                    pieces.append(back)
                }
                return ScrollMotion(pieces, slowdown: slowdown)
            }
        }
        let to = target(from: offset, velocity: velocity, parameters)
        return ScrollMotion(landing(from: offset, velocity: velocity, to: to, parameters), slowdown: slowdown)
    }

    typealias Piece = ScrollMotion.Piece

    /// From `offset` at `velocity` to rest exactly on `to`, with `q = (to − offset)·k / v` the
    /// share of the decay's whole reach `v/k` the target asks for (k = ``decayRate(_:)``):
    ///
    /// - `0 < q ≤ ½`: a constant deceleration from `v` (the target is nearer than the decay
    ///   could stop: it brakes harder, as iCarousel does);
    /// - `½ < q ≤ 2`: UIScrollView's decay `v·e^(−k′t)` from exactly `v` until the speed is
    ///   `v_s = 2·(v − (to − offset)·k′)`, then a constant deceleration of `k′·v_s` (the decay's
    ///   own at that moment, so acceleration is continuous too) onto `to` in `1/k′` s;
    ///   `k′ = k` while `q ≤` ``fullReach`` (`v_s ≥ 1 %` of `v`), else the decay is slowed to
    ///   `k′ = k·fullReach/q` so it hands over at 1 %;
    /// - target behind, at rest, or more than twice the decay's reach: the bounce spring from
    ///   `offset` at `v` onto `to` (a constant deceleration instead if the spring would cross
    ///   it, `|v| > ω·|to − offset|`).
    ///
    /// Position and velocity are continuous throughout, and it ends at velocity 0 on `to`.
    public static func landing(from offset: Double, velocity v: Double, to: Double, _ parameters: Parameters)
        -> [ScrollMotion.Piece]
    {
        let spring = parameters.animation.spring ?? bounceSpring
        let k = decayRate(parameters.animation.deceleration)
        let d = to - offset
        guard v != 0, d * v > 0, k > 0, k.isFinite else {
            return [settle(spring, from: offset, to: to, velocity: v)].compactMap { $0 }
        }
        let q = d * k / v
        if q <= 0.5 { return [.brake(from: offset, to: to, velocity: v)] }
        if q > longestReach {
            if abs(v) <= bounceSpring.angularFrequency * abs(d) || parameters.animation.spring != nil {
                return [settle(spring, from: offset, to: to, velocity: v)].compactMap { $0 }
            }
            return [.brake(from: offset, to: to, velocity: v)]
        }
        let k2 = k * min(1, fullReach / q)
        let vs = 2 * (v - d * k2)
        let decay = Piece.decay(from: offset, velocity: v, rate: k2, duration: Double.log(v / vs) / k2)
        return [decay, .brake(from: decay.rest, to: to, velocity: vs)]
    }

    static func settle(_ spring: Spring, from: Double, to: Double, velocity: Double) -> Piece? {
        ScrollMotion.settle(spring, from: from, to: to, velocity: velocity)
    }
}
