// Throws under each scroll model, sampled at 60 Hz as the daemon's session samples a move
// (`layout-benchmark` prints them after the frame costs; docs/performance.md, "Throws under
// each scroll model").
//
// For each model and release velocity (300, 2,000, 6,000 pt/s), one throw across the deck
// and one into its first edge: the first frame interval's speed against the release
// velocity (goal: within 2 %), the last interval that still moves against the peak (goal: at
// most 2 %), how far past the edge it went, and when it is at rest. `--throw-samples` prints
// the throws into the edge as JSON (240 samples a second) for scripts/throw_pictures.py.
import CardLayout

/// A deck of each model, with its preset's numbers (Config/presets/*.toml).
func deck(_ model: ScrollModel) -> Parameters {
    var p = Parameters()
    switch model {
    case .scrollView:  // zoom_flow.toml: 20 cards, 220 pt apart, no wrap
        p.layout.style = .zoomFlow
        p.layout.cards = 20
        p.layout.spacing = 220
    case .icarousel:  // coverflow.toml: 100 items, 100 pt apart, no wrap
        p.layout.style = .coverflow
        p.layout.cards = 100
        p.layout.spacing = 100
    case .flip:  // flip.toml: 11 cards, 150 pt apart (its wrap left off here: an edge to throw at)
        p.layout.style = .flip
        p.layout.cards = 11
        p.layout.spacing = 150
    }
    p.layout.wrap = false
    return p
}

struct Throw {
    var firstRatio: Double  // first interval's speed / release speed − 1
    var lastShare: Double  // last moving interval's speed / peak interval speed
    var past: Double  // farthest past the deck's edges, points
    var end: Double  // seconds until at rest
    var target: Double
}

func measure(_ motion: ScrollMotion, velocity: Double, _ p: Parameters, fps: Double = 60) -> Throw {
    let last = Double(p.layout.cards - 1) * p.layout.spacing
    var offsets: [Double] = []
    var k = 0.0
    while true {
        let t = k / fps
        offsets.append(motion.position(at: t))
        if motion.isFinished(at: t) { break }
        k += 1
    }
    let speeds = zip(offsets.dropFirst(), offsets).map { ($0 - $1) * fps }
    let peak = speeds.map(abs).max() ?? 0
    let lastMoving = speeds.last { $0 != 0 }.map(abs) ?? 0
    let past = offsets.map { max(-$0, $0 - last, 0) }.max() ?? 0
    return Throw(
        firstRatio: speeds.isEmpty ? -1 : speeds[0] / velocity - 1, lastShare: peak > 0 ? lastMoving / peak : 0,
        past: past, end: motion.end, target: motion.to ?? offsets[0])
}

func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((abs(x) * scale).rounded())
    let whole = String(n / Int(scale))
    var fraction = String(n % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return (x < 0 && n != 0 ? "-" : "") + whole + (digits > 0 ? "." + fraction : "")
}

func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }

/// The throws the table and the picture show.
enum Throws {
    static let velocities = [300.0, 2000.0, 6000.0]
    static let models: [ScrollModel] = [.scrollView, .icarousel, .flip]

    /// The throws into the first edge as JSON (240 samples a second), for
    /// scripts/throw_pictures.py: from offset 100 toward the edge, and for the flip deck a
    /// pan released at 60 % and at 40 % of a flip.
    static func printSamples() {
        var series: [String] = []
        for model in models {
            let p = deck(model)
            var moves: [(String, ScrollMotion)] = []
            if model == .flip {
                let spacing = p.layout.spacing
                moves.append(("pan released at 60 %", FlipPan.release(from: 0.3 * spacing + spacing, base: spacing, p)))
                moves.append(("pan released at 40 %", FlipPan.release(from: 0.2 * spacing + spacing, base: spacing, p)))
            } else {
                for v in velocities {
                    moves.append(("\(Int(v)) pt/s from 100 pt", ScrollMotion.release(from: 100, velocity: -v, p)))
                }
            }
            for (label, motion) in moves {
                var points: [String] = []
                var k = 0.0
                while k / 240 <= motion.end + 0.1 {
                    points.append("[\(k / 240),\(motion.position(at: k / 240))]")
                    k += 1
                }
                series.append(
                    "{\"model\":\"\(model.rawValue)\",\"label\":\"\(label)\",\"spacing\":\(p.layout.spacing),\"points\":[\(points.joined(separator: ","))]}"
                )
            }
        }
        print("[" + series.joined(separator: ",\n") + "]")
    }

    /// The table of docs/performance.md, "Throws under each scroll model".
    static func printTable() {
        print("throws sampled at 60 Hz (first interval vs release velocity; last moving interval vs peak)")
        print(
            pad("model", 12) + pad("throw", 16) + pad("v pt/s", 8) + pad("first", 10) + pad("last/peak", 11)
                + pad("past edge", 11) + pad("at rest", 9) + pad("target", 8) + "goals")
        for model in models {
            let p = deck(model)
            for v in velocities {
                for (name, from, velocity) in [("across", 0.0, v), ("into the edge", p.layout.spacing, -v)] {
                    let motion = ScrollMotion.release(from: from, velocity: velocity, p)
                    let row = pad(model.rawValue, 12) + pad(name, 16) + pad(String(Int(velocity)), 8)
                    guard !motion.pieces.isEmpty else {
                        print(row + "no move: the model ignores the velocity")
                        continue
                    }
                    let r = measure(motion, velocity: velocity, p)
                    print(
                        row + pad(fixed(r.firstRatio * 100, 2) + " %", 10) + pad(fixed(r.lastShare * 100, 2) + " %", 11)
                            + pad(fixed(r.past, 1) + " pt", 11) + pad(fixed(r.end, 3) + " s", 9)
                            + pad(fixed(r.target, 1), 8)
                            + (abs(r.firstRatio) <= 0.02 && r.lastShare <= 0.02 ? "ok" : "misses a 2 % goal"))
                }
            }
        }
    }
}
