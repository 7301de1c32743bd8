// Frame cost against deck size: `swift run -c release layout-benchmark`.
// Prints the median and p99 time to compute one frame for decks of 11 and 1,000,000 cards,
// then the throws under each scroll model (Throws.swift); `--throw-samples` prints only the
// throws' samples as JSON, for scripts/throw_pictures.py.
import CardLayout

func measure(cards: Int, frames: Int = 20_000) -> (p50: Double, p99: Double, visible: Int) {
    var parameters = Parameters()
    parameters.layout.cards = cards
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(frames)
    var visible = 0
    for k in 0..<frames {
        let offset = Double(k) * 0.37
        let start = clock.now
        let frame = Layout.frame(parameters, offset: offset)
        let elapsed = clock.now - start
        visible = max(visible, frame.cards.count)
        samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    samples.sort()
    return (samples[frames / 2], samples[frames * 99 / 100], visible)
}

if CommandLine.arguments.contains("--throw-samples") {
    Throws.printSamples()
} else if CommandLine.arguments.contains("--throws") {
    Throws.printTable()
} else {
    print("frame computation, style stack, 20000 frames each (µs per frame)")
    for cards in [11, 1_000_000] {
        let r = measure(cards: cards)
        let label = "cards = \(cards)" + String(repeating: " ", count: max(0, 18 - "cards = \(cards)".count))
        print(
            "\(label) p50 \(String(format2: r.p50)) µs   p99 \(String(format2: r.p99)) µs   cards in frame ≤ \(r.visible)"
        )
    }
    print()
    Throws.printTable()
}

extension String {
    init(format2 x: Double) {
        let hundredths = Int((x * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
