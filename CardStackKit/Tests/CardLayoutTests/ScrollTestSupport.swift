import RealModule

@testable import CardLayout

/// The offsets of `m` sampled at `fps` from its start until it is at rest, as a daemon's
/// frames would show them (the last one on its target).
func frames(_ m: ScrollMotion, fps: Double = 60) -> [Double] {
    var out: [Double] = []
    var i = 0
    while true {
        let t = Double(i) / fps
        out.append(m.position(at: t))
        if m.isFinished(at: t) { return out }
        i += 1
    }
}

/// Every piece starts where the one before ended, at the velocity it ended with (to 1e-9,
/// relative to the larger speed).
func isContinuous(_ m: ScrollMotion) -> Bool {
    zip(m.pieces, m.pieces.dropFirst()).allSatisfy { a, b in
        let end = a.state(at: a.duration)
        let start = b.start
        return close(end.x, start.x) && abs(end.v - start.v) <= 1e-9 * max(1, abs(end.v), abs(start.v))
    }
}

/// A deck of `cards` cards 30 points apart under `model`, `wrap` as given.
func deck(_ model: ScrollModel, cards: Int = 11, wrap: Bool = false, _ change: (inout Parameters) -> Void = { _ in })
    -> Parameters
{
    var p = Parameters()
    p.layout.style = model == .icarousel ? .linear : model == .flip ? .flip : .stack
    p.layout.cards = cards
    p.layout.wrap = wrap
    p.layout.spacing = 30
    change(&p)
    return p
}

/// UIScrollView's decay constant at the default rate, per second.
let k998 = -1000 * Double.log(0.998)
