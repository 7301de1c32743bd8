import CardLayout
import CardStackProtocol
import Testing

/// A small seeded generator, so every run checks the same values.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct DecimalDoubleTests {
    func text(_ x: Double) -> String {
        var out: [UInt8] = []
        DecimalDouble.append(x, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same text as `description` (so the same shortest digits), and the same bits back.
    func check(_ x: Double) {
        let written = text(x)
        #expect(written == x.description, "\(x.bitPattern)")
        #expect(Double(written)?.bitPattern == x.bitPattern, "\(x.bitPattern)")
    }

    @Test func randomBitPatterns() {
        var random = SplitMix64(state: 2026)
        for _ in 0..<200_000 {
            let x = Double(bitPattern: random.next() & ~(0x7FF << 52) | UInt64.random(in: 1...0x7FE, using: &random) << 52)
            check(x)
        }
    }

    @Test func numbersLikeAFrames() {
        var random = SplitMix64(state: 7)
        for _ in 0..<100_000 {
            check(Double.random(in: -1000...1000, using: &random))
            check(Double.random(in: 0...1, using: &random))
        }
        for i in 1..<20_000 {
            check(Double(i) / 10)
            check(Double(i) * 0.001)
            check(Double(i) * 1e-7)
            check(Double(i) * 1e13)
        }
    }

    @Test func edges() {
        var values: [Double] = [
            .leastNormalMagnitude, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 5e-324, 1e-323,
            0x1p53, 0x1p53 + 2, 1e-4, 1e15, 1e16, 1e23, 0.1, 0.2, 0.30000000000000004, 1 - 1e-12, 2.5,
        ]
        for e in -1074...1023 { values.append(Double(sign: .plus, exponent: e, significand: 1)) }
        for x in values {
            for y in [x, x.nextUp, x.nextDown, -x] where y.isFinite && y != 0 { check(y) }
        }
        #expect(text(0) == "0")
        #expect(text(-0.0) == "0")
    }

    @Test func shortestDigits() {
        for (x, digits, exponent) in [(0.9, 9 as UInt64, -1), (187.5, 1875, -1), (1e23, 1, 23),
                                      (0.30000000000000004, 30_000_000_000_000_004, -17)] {
            let decimal = DecimalDouble.shortest(x)
            #expect(decimal.digits == digits && decimal.exponent == exponent, "\(x)")
        }
    }
}

@Suite struct FrameEncodingTests {
    /// A frame inside an event takes the field-by-field path; a frame on its own takes the
    /// `Codable` containers. Both must write the same bytes.
    func expectSameBytes(_ frame: Frame) throws {
        let event = try WireJSON.encode(ServerMessage.frame(FrameEvent(seq: 3, revision: 9, frame: frame)))
        let generic = #"{"event":"frame","seq":3,"revision":9,"frame":"#
            + String(decoding: try WireJSON.encode(frame), as: UTF8.self) + "}"
        #expect(String(decoding: event, as: UTF8.self) == generic)
    }

    @Test(arguments: Style.allCases) func everyStyle(style: Style) throws {
        var params = Parameters()
        params.layout.style = style
        params.card.titles = ["a \"quoted\" title", "tab\tand\nnewline", "ünïcödé ✓", "\u{1}\u{1f}\\"]
        for offset in [0, 15, 29.999, 47.25, 123.456789, -3.75] {
            try expectSameBytes(Layout.frame(params, offset: offset))
        }
    }

    @Test func aCardBehindTheEye() throws {
        var frame = Layout.frame(Parameters(), offset: 15)
        frame.cards[0].quad = nil
        try expectSameBytes(frame)
    }

    @Test func theCircleReveal() throws {
        var frame = Layout.frame(Parameters(), offset: 15)
        frame.reveal = Reveal(item: 3, center: Point(187.5, 333.25), radius: 412.123456789, progress: 0.625)
        try expectSameBytes(frame)
    }

    @Test func notANumberIsRefused() {
        var frame = Layout.frame(Parameters(), offset: 15)
        frame.cards[0].alpha = .nan
        #expect(throws: EncodingError.self) {
            try WireJSON.encode(ServerMessage.frame(FrameEvent(seq: 1, revision: 1, frame: frame)))
        }
    }
}
