import Foundation

/// JSON for the wire and for command output: compact, one object per line, never NaN.
public enum WireJSON {
    /// `value` as compact JSON bytes (no trailing newline).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(try encoder.encode(value))
    }

    /// `value` as human-readable JSON with sorted keys, for terminals.
    public static func encodePretty<T: Encodable>(_ value: T) throws -> String {
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try pretty.encode(value), as: UTF8.self)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
