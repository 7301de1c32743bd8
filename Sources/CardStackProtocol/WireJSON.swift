import Foundation

/// JSON for the wire and for command output: compact, one object per line, never NaN.
/// Writing uses ``WireEncoder`` (fast, keys in declaration order); reading uses Foundation.
public enum WireJSON {
    /// `value` as compact JSON bytes (no trailing newline).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try WireEncoder.encode(value)
    }

    /// `value` as human-readable JSON with sorted keys, for terminals.
    public static func encodePretty<T: Encodable>(_ value: T) throws -> String {
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try pretty.encode(value), as: UTF8.self)
    }

    /// Reads `bytes` as a `T`. `requests` names the commands a client sent by request id,
    /// so that a ``ServerMessage`` reply to one decodes its result typed.
    public static func decode<T: Decodable>(
        _ type: T.Type, from bytes: some Collection<UInt8>, requests: [RequestID: Command] = [:]
    ) throws -> T {
        let decoder = JSONDecoder()
        if !requests.isEmpty { decoder.userInfo[.requests] = requests }
        return try decoder.decode(type, from: Data(bytes))
    }
}
