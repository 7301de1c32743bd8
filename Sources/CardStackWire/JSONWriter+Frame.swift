import CardLayout
import CardStackProtocol

/// FRAME written field by field, the hot path of every frame event and `get_frame` reply.
///
/// The bytes are exactly those of `Frame`'s `Codable` conformance through the generic
/// containers (`WireTests` compares the two), which stays the definition of the wire form;
/// this path only skips a container, an encoder and a coding path per value, and writes into
/// one buffer sized for the worst case. A non-finite number throws, as it does there.
extension JSONWriter {
    func frame(_ frame: Frame) throws {
        bytes.append(contentsOf: try Self.bytes(of: frame))
    }

    static func bytes(of frame: Frame) throws -> [UInt8] {
        // Keys and punctuation, plus every number at its longest and every title escaped.
        var bound = 512
        for card in frame.cards { bound += 1400 + 6 * card.title.utf8.count }
        return try [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = try ByteCursor.writing(at: buffer.baseAddress!) { try $0.frame(frame) }
            precondition(count <= bound)
        }
    }
}

/// The frame event whole, envelope and all, into one buffer: what every frame subscriber is
/// sent after each `set_params` and on every tick. The bytes are those `ServerMessage`'s and
/// `FrameEvent`'s `Codable` conformances write (`FrameEventEncodingTests` compares them); an
/// event with `motion` or `variants` goes through `Codable` (nil here).
extension JSONWriter {
    static func bytes(ofFrameEvent event: FrameEvent) throws -> [UInt8]? {
        guard event.motion == nil, event.variants == nil else { return nil }
        let frame = event.frame
        // The frame's bound, the envelope's keys, four numbers at their longest, and one
        // byte for the line's newline, which the caller appends.
        var bound = 512 + 256
        for card in frame.cards { bound += 1400 + 6 * card.title.utf8.count }
        return try [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = try ByteCursor.writing(at: buffer.baseAddress!) { try $0.frameEvent(event) }
            precondition(count < bound)
        }
    }
}

extension ByteCursor {
    mutating func frameEvent(_ event: FrameEvent) throws {
        // `FrameEvent`'s keys in its `CodingKeys` order, as the synthesized `encode` writes.
        literal("{\"event\":\"frame\",\"seq\":")
        integer(event.seq)
        literal(",\"revision\":")
        integer(event.revision)
        literal(",\"frame\":")
        try self.frame(event.frame)
        if let time = event.time {
            literal(",\"time\":")
            try number(time)
        }
        if let toggle = event.coverflowToggle {
            literal(",\"coverflow_toggle\":")
            try number(toggle)
        }
        if let current = event.switcherCurrent {
            literal(",\"switcher_current\":")
            integer(current)
        }
        byte(UInt8(ascii: "}"))
    }
}

/// Writes JSON into memory the caller has sized: no capacity checks, no reallocation.
struct ByteCursor {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0
    /// The numbers last printed through `DecimalDouble`, one per slot of `recentSlots`, by
    /// their bits: a frame repeats them (a card's ratio is its scale and its transform's m11
    /// and m22; its quad repeats its position's coordinates), and copying the bytes already
    /// written costs a tenth of printing them again (about 700 instructions a number).
    let recent: UnsafeMutablePointer<RecentNumber>

    struct RecentNumber {
        /// 0 in an empty slot: +0.0 is whole, so it is never printed through `DecimalDouble`.
        var bits: UInt64 = 0
        var start = 0
        var count = 0
    }

    static let recentSlots = 16

    /// Runs `body` with a cursor at `base` and an empty table of recent numbers; returns
    /// the number of bytes it wrote.
    static func writing(at base: UnsafeMutablePointer<UInt8>, _ body: (inout ByteCursor) throws -> Void) throws -> Int {
        try withUnsafeTemporaryAllocation(of: RecentNumber.self, capacity: recentSlots) { recent in
            recent.initialize(repeating: RecentNumber())
            var out = ByteCursor(base: base, recent: recent.baseAddress!)
            try body(&out)
            return out.count
        }
    }

    mutating func frame(_ frame: Frame) throws {
        literal("{\"offset\":")
        try number(frame.offset)
        literal(",\"front\":")
        integer(frame.front)
        literal(",\"style\":")
        string(frame.style.rawValue)
        literal(",\"viewport\":{\"width\":")
        try number(frame.viewport.width)
        literal(",\"height\":")
        try number(frame.viewport.height)
        literal("},\"cards\":[")
        for (i, card) in frame.cards.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            try self.card(card)
        }
        if let reveal = frame.reveal {
            literal("],\"reveal\":{\"item\":")
            integer(reveal.item)
            literal(",\"center\":")
            try pair(reveal.center.x, reveal.center.y)
            literal(",\"radius\":")
            try number(reveal.radius)
            literal(",\"progress\":")
            try number(reveal.progress)
            literal("}}")
        } else {
            literal("]}")
        }
    }

    mutating func card(_ card: CardPlacement) throws {
        literal("{\"index\":")
        integer(card.index)
        literal(",\"item\":")
        integer(card.item)
        literal(",\"title\":")
        string(card.title)
        literal(",\"ratio\":")
        try number(card.ratio)
        literal(",\"position\":")
        try pair(card.position.x, card.position.y)
        literal(",\"size\":")
        try pair(card.size.width, card.size.height)
        literal(",\"anchor\":")
        try pair(card.anchor.x, card.anchor.y)
        literal(",\"scale\":")
        try number(card.scale)
        literal(",\"alpha\":")
        try number(card.alpha)
        literal(",\"z\":")
        integer(card.z)
        let m = card.transform
        literal(",\"transform\":[")
        try number(m.m11)
        byte(UInt8(ascii: ","))
        try number(m.m12)
        byte(UInt8(ascii: ","))
        try number(m.m13)
        byte(UInt8(ascii: ","))
        try number(m.m14)
        byte(UInt8(ascii: ","))
        try number(m.m21)
        byte(UInt8(ascii: ","))
        try number(m.m22)
        byte(UInt8(ascii: ","))
        try number(m.m23)
        byte(UInt8(ascii: ","))
        try number(m.m24)
        byte(UInt8(ascii: ","))
        try number(m.m31)
        byte(UInt8(ascii: ","))
        try number(m.m32)
        byte(UInt8(ascii: ","))
        try number(m.m33)
        byte(UInt8(ascii: ","))
        try number(m.m34)
        byte(UInt8(ascii: ","))
        try number(m.m41)
        byte(UInt8(ascii: ","))
        try number(m.m42)
        byte(UInt8(ascii: ","))
        try number(m.m43)
        byte(UInt8(ascii: ","))
        try number(m.m44)
        if let quad = card.quad {
            literal("],\"quad\":[")
            for (i, p) in quad.enumerated() {
                if i > 0 { byte(UInt8(ascii: ",")) }
                try pair(p.x, p.y)
            }
            literal("]}")
        } else {
            literal("],\"quad\":null}")
        }
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func literal(_ s: StaticString) {
        (base + count).update(from: s.utf8Start, count: s.utf8CodeUnitCount)
        count += s.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func pair(_ a: Double, _ b: Double) throws {
        byte(UInt8(ascii: "["))
        try number(a)
        byte(UInt8(ascii: ","))
        try number(b)
        byte(UInt8(ascii: "]"))
    }

    /// As `JSONWriter.number`: an integer below 10^15 as one, anything else shortest.
    mutating func number(_ x: Double) throws {
        guard x.isFinite else {
            throw EncodingError.invalidValue(x, .init(codingPath: [], debugDescription: "JSON has no \(x)"))
        }
        if x.magnitude < 1e15, x == Double(Int64(x)) {
            integer(Int(Int64(x)))
            return
        }
        let bits = x.bitPattern
        let slot = recent + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 60)
        if slot.pointee.bits == bits {
            (base + count).update(from: base + slot.pointee.start, count: slot.pointee.count)
            count += slot.pointee.count
        } else {
            let n = DecimalDouble.write(x, at: base + count)
            slot.pointee = RecentNumber(bits: bits, start: count, count: n)
            count += n
        }
    }

    mutating func integer(_ i: Int) {
        if i >= 0, i < 10 {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: i))
            return
        }
        if i < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = UInt64(i.magnitude)
        let digits = DecimalDouble.decimalCount(magnitude)
        DecimalDouble.writeDigits(magnitude, count: digits, at: base + count)
        count += digits
    }

    /// A JSON string, escaped as `JSONWriter.string` escapes it. Runs of bytes that need no
    /// escape are copied whole (a frame's titles are most of its bytes, in debug builds too).
    mutating func string(_ s: String) {
        byte(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            guard let bytes = utf8.baseAddress else { return }
            let n = utf8.count
            var run = 0
            var i = 0
            while i < n {
                let b = bytes[i]
                if !JSONEscape.needed(b) {
                    i += 1
                    continue
                }
                (base + count).update(from: bytes + run, count: i - run)
                count += i - run
                escape(b)
                i += 1
                run = i
            }
            (base + count).update(from: bytes + run, count: n - run)
            count += n - run
        }
        byte(UInt8(ascii: "\""))
    }

    /// One byte that a JSON string cannot hold as it is.
    mutating func escape(_ b: UInt8) {
        JSONEscape.escape(b) { byte($0) }
    }
}
