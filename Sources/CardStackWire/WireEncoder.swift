import CardLayout
import CardStackProtocol

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
        if let bytes = try frameEvent(value) { return bytes }
        return try encode(value, writer: JSONWriter())
    }

    /// ``encode(_:)``, the parameters' tables copied from `cache` where their values are
    /// those it was written with, and `cache` then holding this message's.
    public static func encode<T: Encodable>(_ value: T, reusing cache: inout ParamsWireCache) throws -> [UInt8] {
        if let bytes = try frameEvent(value) { return bytes }
        let writer = JSONWriter()
        writer.tablesKept = cache
        defer { cache = writer.tablesKept ?? cache }
        return try encode(value, writer: writer)
    }

    /// Every frame subscriber's event, once per frame: all of it by hand into one buffer
    /// (JSONWriter+Frame.swift), before a writer or the parameters' cache is even made.
    @inline(__always)
    private static func frameEvent<T: Encodable>(_ value: T) throws -> [UInt8]? {
        guard T.self == ServerMessage.self, case .frame(let event) = value as! ServerMessage else { return nil }
        return try JSONWriter.bytes(ofFrameEvent: event)
    }

    private static func encode<T: Encodable>(_ value: T, writer: JSONWriter) throws -> [UInt8] {
        // Every save of the parameter file sends one: written by hand (JSONWriter+Parameters.swift).
        if T.self == ServerMessage.self, case .params(let info) = value as! ServerMessage {
            try writer.paramsEvent(info)
            return writer.bytes
        }
        // The reply to every `set_params` of a sweep: its envelope by hand too.
        if T.self == Reply<CommandResult>.self, try writer.paramsReply(value as! Reply<CommandResult>) {
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
    /// The parameters' tables as last written, when the caller keeps them (``ParamsWireCache``).
    @exclusivity(unchecked) var tablesKept: ParamsWireCache?

    init() { bytes.reserveCapacity(512) }

    func close(deeperThan depth: Int) {
        while let last = open.last, last.depth > depth {
            bytes.append(last.array ? UInt8(ascii: "]") : UInt8(ascii: "}"))
            open.removeLast()
        }
    }

    /// Opens a container at `depth`, or reuses it when the same encoder asks twice.
    /// Writes a frame, a parameter set or a command's `ParamsInfo` result with its hand-written
    /// writer (JSONWriter+Frame.swift, JSONWriter+Parameters.swift); false for any other value,
    /// which goes through `Codable`.
    func writtenByHand<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == Frame.self {
            try frame(value as! Frame)
        } else if T.self == Parameters.self {
            try parameters(value as! Parameters)
        } else if T.self == CommandResult.self, case .params(let info) = value as! CommandResult {
            try paramsInfo(info)
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
        // Most strings need no escaping: append them in one go, looked at through their
        // contiguous bytes (the `String.UTF8View` scan cost 900 instructions a string).
        var text = s
        let plain = text.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: JSONEscape.needed) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if plain { return }
        let utf8 = s.utf8
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
