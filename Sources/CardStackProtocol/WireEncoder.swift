import CardLayout

/// The daemon's JSON encoder: any `Encodable` straight into bytes, keys in the order the
/// type's `encode(to:)` writes them, no NaN or infinity (they throw).
///
/// It streams: a container is opened when it is asked for and closed when its parent moves
/// on, so a type must finish a nested container before it writes to its parent again (every
/// synthesized and hand-written conformance in this package does). The message model stays
/// the `Codable` types; this only makes writing them cheap enough to do once per frame for
/// every subscriber.
public enum WireEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONWriter()
        // Every save of the parameter file sends one: written by hand (JSONWriter+Parameters.swift).
        if T.self == ServerMessage.self, case let .params(info) = value as! ServerMessage {
            try writer.paramsEvent(info)
            return writer.bytes
        }
        try value.encode(to: StreamingEncoder(writer: writer, depth: 1))
        writer.close(deeperThan: 0)
        if writer.bytes.isEmpty { writer.bytes.append(contentsOf: "{}".utf8) }
        return writer.bytes
    }
}

/// One encode's output. It lives for one `WireEncoder.encode` call on one thread and no
/// access to it ever overlaps another, so its properties skip the runtime exclusivity
/// checks, which otherwise cost a third of a frame's encoding.
final class JSONWriter {
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// The open containers, innermost last: depth, array or object, whether it is still empty.
    @exclusivity(unchecked) var open: [(depth: Int, array: Bool, empty: Bool)] = []

    init() { bytes.reserveCapacity(512) }

    func close(deeperThan depth: Int) {
        while let last = open.last, last.depth > depth {
            bytes.append(last.array ? UInt8(ascii: "]") : UInt8(ascii: "}"))
            open.removeLast()
        }
    }

    /// Opens a container at `depth`, or reuses it when the same encoder asks twice.
    /// Writes a FRAME or a parameter set with its hand-written writer (JSONWriter+Frame.swift,
    /// JSONWriter+Parameters.swift); false for any other type, which goes through `Codable`.
    func writtenByHand<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == Frame.self {
            try frame(value as! Frame)
        } else if T.self == Parameters.self {
            try parameters(value as! Parameters)
        } else {
            return false
        }
        return true
    }

    func openContainer(depth: Int, array: Bool) {
        if let last = open.last, last.depth == depth, last.array == array { return }
        close(deeperThan: depth - 1)
        bytes.append(array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        open.append((depth, array, true))
    }

    /// Starts the next element of the container at `depth` (closing anything deeper).
    func beginElement(depth: Int) {
        close(deeperThan: depth)
        if let i = open.indices.last, open[i].depth == depth {
            if open[i].empty { open[i].empty = false } else { bytes.append(UInt8(ascii: ",")) }
        }
    }

    func beginKey(_ key: String, depth: Int) {
        beginElement(depth: depth)
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    func string(_ s: String) {
        // Most strings need no escaping: append them in one go.
        let utf8 = s.utf8
        guard utf8.contains(where: JSONEscape.needed) else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            if JSONEscape.needed(byte) {
                JSONEscape.escape(byte) { out.append($0) }
            } else {
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: out)
    }

    func number(_ x: Double, codingPath: [any CodingKey]) throws {
        guard x.isFinite else {
            throw EncodingError.invalidValue(x, .init(codingPath: codingPath, debugDescription: "JSON has no \(x)"))
        }
        if x.magnitude < 1e15, x == Double(Int64(x)) {
            integer(Int64(x))
        } else {
            DecimalDouble.append(x, to: &bytes)
        }
    }

    /// A JSON array of numbers.
    func numbers(_ xs: [Double], codingPath: [any CodingKey]) throws {
        bytes.append(UInt8(ascii: "["))
        for (i, x) in xs.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            try number(x, codingPath: codingPath)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    func integer<I: BinaryInteger>(_ i: I) {
        guard let small = Int64(exactly: i) else {
            bytes.append(contentsOf: String(i).utf8)
            return
        }
        // Digits into a small stack buffer, then one append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = small.magnitude
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if small < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    func literal(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}

struct StreamingEncoder: Encoder {
    let writer: JSONWriter
    /// The depth of the container this encoder creates.
    let depth: Int
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.openContainer(depth: depth, array: false)
        return KeyedEncodingContainer(KeyedContainer<Key>(writer: writer, depth: depth, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.openContainer(depth: depth, array: true)
        return UnkeyedContainer(writer: writer, depth: depth, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(writer: writer, depth: depth, codingPath: codingPath)
    }

    /// Encodes a child value in the slot the caller just opened (after a key or a comma).
    static func encodeChild<T: Encodable>(_ value: T, writer: JSONWriter, depth: Int, codingPath: [any CodingKey]) throws {
        // A frame is mostly arrays of numbers (points, sizes, matrices, quads): write those
        // straight away instead of through a container and an encoder per number.
        if T.self == [Double].self {
            try writer.numbers(value as! [Double], codingPath: codingPath)
            return
        }
        if try writer.writtenByHand(value) { return }
        if T.self == [[Double]].self {
            writer.bytes.append(UInt8(ascii: "["))
            for (i, numbers) in (value as! [[Double]]).enumerated() {
                if i > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                try writer.numbers(numbers, codingPath: codingPath)
            }
            writer.bytes.append(UInt8(ascii: "]"))
            return
        }
        let mark = writer.bytes.count
        try value.encode(to: StreamingEncoder(writer: writer, depth: depth, codingPath: codingPath))
        // A value that asked for no container at all is an empty object, as in Foundation.
        if writer.bytes.count == mark { writer.literal("{}") }
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONWriter
    let depth: Int
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        writer.literal("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        writer.literal(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        writer.string(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        try writer.number(value, codingPath: [])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encode(Double(value), forKey: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        writer.integer(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        writer.integer(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        writer.beginKey(key.stringValue, depth: depth)
        try StreamingEncoder.encodeChild(value, writer: writer, depth: depth + 1, codingPath: [])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        writer.beginKey(key.stringValue, depth: depth)
        writer.openContainer(depth: depth + 1, array: false)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(writer: writer, depth: depth + 1, codingPath: []))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.beginKey(key.stringValue, depth: depth)
        writer.openContainer(depth: depth + 1, array: true)
        return UnkeyedContainer(writer: writer, depth: depth + 1, codingPath: [])
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginKey("super", depth: depth)
        return StreamingEncoder(writer: writer, depth: depth + 1, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writer.beginKey(key.stringValue, depth: depth)
        return StreamingEncoder(writer: writer, depth: depth + 1, codingPath: [])
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONWriter
    let depth: Int
    var codingPath: [any CodingKey]
    var count = 0

    init(writer: JSONWriter, depth: Int, codingPath: [any CodingKey]) {
        self.writer = writer
        self.depth = depth
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws {
        writer.beginElement(depth: depth)
        writer.literal("null")
        count += 1
    }

    mutating func encode(_ value: Bool) throws {
        writer.beginElement(depth: depth)
        writer.literal(value ? "true" : "false")
        count += 1
    }

    mutating func encode(_ value: String) throws {
        writer.beginElement(depth: depth)
        writer.string(value)
        count += 1
    }

    mutating func encode(_ value: Double) throws {
        writer.beginElement(depth: depth)
        try writer.number(value, codingPath: codingPath)
        count += 1
    }

    mutating func encode(_ value: Int) throws {
        writer.beginElement(depth: depth)
        writer.integer(value)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(depth: depth)
        try StreamingEncoder.encodeChild(value, writer: writer, depth: depth + 1, codingPath: codingPath)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(depth: depth)
        writer.openContainer(depth: depth + 1, array: false)
        count += 1
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(writer: writer, depth: depth + 1, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(depth: depth)
        writer.openContainer(depth: depth + 1, array: true)
        count += 1
        return UnkeyedContainer(writer: writer, depth: depth + 1, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(depth: depth)
        count += 1
        return StreamingEncoder(writer: writer, depth: depth + 1, codingPath: codingPath)
    }
}

struct SingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONWriter
    let depth: Int
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { writer.literal("null") }
    mutating func encode(_ value: Bool) throws { writer.literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { writer.string(value) }
    mutating func encode(_ value: Double) throws { try writer.number(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try writer.number(Double(value), codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { writer.integer(value) }
    mutating func encode(_ value: Int8) throws { writer.integer(value) }
    mutating func encode(_ value: Int16) throws { writer.integer(value) }
    mutating func encode(_ value: Int32) throws { writer.integer(value) }
    mutating func encode(_ value: Int64) throws { writer.integer(value) }
    mutating func encode(_ value: UInt) throws { writer.integer(value) }
    mutating func encode(_ value: UInt8) throws { writer.integer(value) }
    mutating func encode(_ value: UInt16) throws { writer.integer(value) }
    mutating func encode(_ value: UInt32) throws { writer.integer(value) }
    mutating func encode(_ value: UInt64) throws { writer.integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if try writer.writtenByHand(value) { return }
        try value.encode(to: StreamingEncoder(writer: writer, depth: depth, codingPath: codingPath))
    }
}
