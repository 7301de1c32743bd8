import CardLayout
import CardStackProtocol
import CardStackTestSupport
import CardStackWire
import Testing

@testable import CardStackParams

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
        var random = SplitMix64(seed: 2026)
        for _ in 0..<200_000 {
            let x = Double(
                bitPattern: random.next() & ~(0x7FF << 52) | UInt64.random(in: 1...0x7FE, using: &random) << 52)
            check(x)
        }
    }

    @Test func numbersLikeAFrames() {
        var random = SplitMix64(seed: 7)
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
        for (x, digits, exponent) in [
            (0.9, 9 as UInt64, -1), (187.5, 1875, -1), (1e23, 1, 23),
            (0.30000000000000004, 30_000_000_000_000_004, -17),
        ] {
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
        let generic =
            #"{"event":"frame","seq":3,"revision":9,"frame":"#
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

/// `params` events and `get_params` replies write `Parameters` by hand
/// (JSONWriter+Parameters.swift): byte for byte what its `Codable` conformance writes.
@Suite struct ParametersEncodingTests {
    func expectSameBytes(_ params: Parameters) throws {
        let info = ParamsInfo(revision: 7, source: .file, path: "/tmp/c.toml", params: params, error: nil)
        try expectSameBytes(info)
        let generic = String(decoding: try WireJSON.encode(params), as: UTF8.self)
        #expect(
            String(decoding: try WireJSON.encode(ServerMessage.params(info)), as: UTF8.self).contains(
                #""params":"# + generic + #","error":null"#))
        let reply = try WireJSON.encode(Reply(id: .integer(1), result: CommandResult.params(info)))
        #expect(String(decoding: reply, as: UTF8.self).contains(#""params":"# + generic + ","))
        // `unsaved`, `save` and history read the same values from the schema: the `Codable`
        // form, flattened, with the spring in its own dialect.
        guard case .object(let tables) = try JSONParser.parse(Array(generic.utf8)) else {
            Issue.record("the parameters are not an object")
            return
        }
        let expected = tables.flatMap { table, value in
            guard case .object(let keys) = value else { return [(key: String, value: JSONValue)]() }
            return keys.flatMap { key, value in
                let dotted = "\(table).\(key)"
                // `[reduced]`'s override tables: their keys under their own names.
                let entries: [(key: String, value: JSONValue)] =
                    if table == "reduced", case .object(let inner) = value {
                        inner.map { ("\(dotted).\($0.key)", $0.value) }
                    } else { [(dotted, value)] }
                return entries.map { dotted, value in
                    (dotted, dotted.hasSuffix("animation.spring") ? ParamsValues.writtenSpring(value) : value)
                }
            }
        }
        let flat = ParamsValues.flatten(params)
        #expect(flat.map(\.key) == expected.map(\.key))
        #expect(flat.map(\.value) == expected.map(\.value))
    }

    /// The event against `ParamsInfo`'s own `Codable` form after `"event":"params"`.
    func expectSameBytes(_ info: ParamsInfo) throws {
        let event = String(decoding: try WireJSON.encode(ServerMessage.params(info)), as: UTF8.self)
        let fields = String(decoding: try WireJSON.encode(info), as: UTF8.self).dropFirst()
        #expect(event == #"{"event":"params","# + fields)
        // The reply to `set_params` and the others writes the result by hand too.
        let reply = try WireJSON.encode(ServerMessage.reply(Reply(id: .integer(4), result: CommandResult.params(info))))
        #expect(String(decoding: reply, as: UTF8.self) == #"{"id":4,"ok":true,"result":{"# + fields + "}")
    }

    @Test func errorsPathsAndOverrides() throws {
        var info = ParamsInfo(revision: 12, source: .set, path: nil, params: Parameters(), error: nil)
        try expectSameBytes(info)
        info.overridden = ["layout.spacing", "animation.spring.response", "card.titles"]
        try expectSameBytes(info)
        for source in [ParamsSource.file, .set, .undo, .preset, .defaults] {
            info.source = source
            try expectSameBytes(info)
        }
        info.path = "/dir with \"quotes\"/c.toml"
        info.error = ConfigError(
            path: info.path, line: 3, column: 11, key: "layout.spacing", message: "layout.spacing must be > 0, got -3.0"
        )
        try expectSameBytes(info)
        info.error = ConfigError(
            path: nil, line: nil, column: nil, key: nil, message: "the file was deleted\tor\nmoved")
        try expectSameBytes(info)
        info.imagesVersion = 3
        try expectSameBytes(info)
    }

    @Test(arguments: Style.allCases) func everyStyle(style: Style) throws {
        var params = Parameters()
        params.layout.style = style
        try expectSameBytes(params)
        params.layout.wrap.toggle()
        params.animation.snap.toggle()
        params.layout.spacing = 31.25
        params.layout.m34 = -1.0 / 1500
        params.layout.flipRange = [0.95, 1.333333333]
        params.card.titles = ["a \"quoted\" title", "tab\tand\nnewline", "ünïcödé ✓", "\u{1}\u{1f}\\", ""]
        params.card.anchor = [0.25, 0.75]
        params.viewport.width = 1024.5
        params.animation.fps = 240
        params.animation.slowdown = 2.5
        try expectSameBytes(params)
    }

    @Test func everyCurveAndTheSpring() throws {
        var params = Parameters()
        for curve: TimingCurve in [.decelerate, .linear, .easeIn, .easeOut, .easeInOut, .bezier(0.1, -2, 0.9, 3.5)] {
            params.animation.curve = curve
            params.animation.spring = nil
            try expectSameBytes(params)
            params.animation.spring = Spring(dampingRatio: 0.825, response: 0.55)
            try expectSameBytes(params)
        }
    }

    @Test func everyKeyOfTheScrollTable() throws {
        var params = Parameters()
        for model in [nil] + ScrollModel.allCases.map(Optional.some) {
            params.scroll.model = model
            try expectSameBytes(params)
        }
        params.scroll.bounces = false
        params.scroll.paging = true
        params.scroll.stopAtItemBoundary = false
        params.scroll.scrollToItemBoundary = false
        params.scroll.rubberBand = 0.3
        params.scroll.bounceDistance = 0.2
        params.scroll.decelerationRate = 0.5
        params.scroll.scrollSpeed = 2.5
        try expectSameBytes(params)
    }

    @Test func everyKeyOfTheLook() throws {
        var params = Parameters()
        params.card.images = ["shots/*.png", "a \"quoted\" name.jpg"]
        try expectSameBytes(params)
        params.card.colors = ["#ff0000", "#00ff0080"]
        params.card.cornerRadius = 12.5
        params.card.borderWidth = 2
        params.card.borderWidthRatio = 0.01
        params.card.borderColor = "#ffffff"
        params.card.shadowOpacity = 0.5
        params.card.shadowRadius = 10
        params.card.shadowOffset = [0, -3]
        params.card.shadowColor = "#000000"
        params.card.back = .color
        params.card.backColor = "#336699"
        try expectSameBytes(params)
        params.card.images = nil
        params.card.back = CardBack.none
        try expectSameBytes(params)
    }

    @Test func everyCarouselOption() throws {
        var params = Parameters()
        params.layout.style = .rotary
        params.carousel = .everyOption(tilt: 0.9)
        try expectSameBytes(params)
        params.carousel.fadeMin = -2.5
        params.carousel.fadeMax = 0
        try expectSameBytes(params)
        // Each option alone: no stray comma before or after it.
        let keyPaths: [WritableKeyPath<Parameters.Carousel, Double?>] = [
            \.itemSpacing, \.arc, \.radius, \.angle, \.tilt, \.fadeMin, \.fadeMax, \.fadeRange, \.fadeMinAlpha,
        ]
        for keyPath in keyPaths {
            params.carousel = Parameters.Carousel()
            params.carousel[keyPath: keyPath] = 0.5
            try expectSameBytes(params)
        }
        params.carousel = Parameters.Carousel()
        params.carousel.vertical = false
        try expectSameBytes(params)
        params.carousel = Parameters.Carousel()
        params.carousel.count = 3
        try expectSameBytes(params)
    }

    @Test func notANumberIsRefused() {
        var params = Parameters()
        params.layout.spacing = .nan
        #expect(throws: EncodingError.self) {
            try WireJSON.encode(
                ServerMessage.params(ParamsInfo(revision: 1, source: .file, path: nil, params: params, error: nil)))
        }
    }
}
