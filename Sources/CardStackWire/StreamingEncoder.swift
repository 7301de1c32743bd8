/// The `Encoder` ``WireEncoder`` hands a value: it and its containers write straight into
/// one ``JSONWriter``, each container at its depth (WireEncoder.swift says how it streams).
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
    static func encodeChild<T: Encodable>(_ value: T, writer: JSONWriter, depth: Int, codingPath: [any CodingKey])
        throws
    {
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

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        writer.beginElement(depth: depth)
        writer.openContainer(depth: depth + 1, array: false)
        count += 1
        return KeyedEncodingContainer(
            KeyedContainer<NestedKey>(writer: writer, depth: depth + 1, codingPath: codingPath))
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
