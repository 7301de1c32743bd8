#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

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
        return joiningShortArrays(String(decoding: try pretty.encode(value), as: UTF8.self))
    }

    /// The pretty-printed `text` with every array of at most 16 plain values (numbers,
    /// strings, booleans, nulls) on one line, `[ 1, 0, 0, 1 ]`: a transform reads as one row,
    /// not sixteen lines. Arrays holding objects or arrays keep one element per line.
    static func joiningShortArrays(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [Substring] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard line.hasSuffix("[") else {
                out.append(line)
                i += 1
                continue
            }
            // A line ends in "[" only when it opens an array (a string value ends in a quote).
            var j = i + 1
            var items: [Substring] = []
            while j < lines.count {
                let item = lines[j].drop { $0 == " " }
                if item == "]" || item == "]," { break }
                if item.hasSuffix("[") || item.hasSuffix("{") || item.hasPrefix("}") || item.hasPrefix("]") { break }
                items.append(item)
                j += 1
            }
            let closer = j < lines.count ? lines[j].drop { $0 == " " } : ""
            if (closer == "]" || closer == "],"), !items.isEmpty, items.count <= 16 {
                let joined: String = String(line) + " " + items.joined(separator: " ") + " " + String(closer)
                out.append(Substring(joined))
                i = j + 1
            } else {
                out.append(line)
                i += 1
            }
        }
        return out.joined(separator: "\n")
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
