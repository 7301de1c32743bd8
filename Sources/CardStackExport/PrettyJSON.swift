#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON for people: `export --format json` and `tokens`, and the CLI's pretty output.
/// Foundation's `JSONEncoder` with sorted keys, so it stays out of the pure modules.
public enum PrettyJSON {
    /// `value` as human-readable JSON with sorted keys, for terminals.
    public static func encode<T: Encodable>(_ value: T) throws -> String {
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
            if closer == "]" || closer == "],", !items.isEmpty, items.count <= 16 {
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
}
