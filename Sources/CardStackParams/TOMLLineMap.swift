/// Where each key, table header and commented-out key of a TOML text sits, in bytes: what
/// ``ParamsSaver`` needs to change one value without touching anything else.
///
/// It reads the text line by line as TOML lays it out (headers, `key = value` lines whose
/// value may run over several lines inside brackets or multi-line strings, comments). The
/// text has already loaded as TOML, so it only has to find things, not check them.
struct TOMLLineMap {
    struct Entry {
        /// The full key: the table header's parts, then the key's (dotted keys split).
        var path: [String]
        /// The header's name (`layout`), or nil for keys before any header.
        var table: String?
        var line: Int
        var lineStart: Int
        var keyStart: Int
        var valueStart: Int
        /// Just past the value (before spaces and a trailing comment).
        var valueEnd: Int
        /// Just past the newline of the value's last line.
        var lineEnd: Int
    }

    /// A comment line that reads like a key (`# wrap = true`).
    struct Commented {
        var table: String?
        var key: String
        var lineStart: Int
        var lineEnd: Int
    }

    /// A `[table]` header and the bytes up to the next header.
    struct Section {
        var table: String
        var start: Int
        var headerEnd: Int
        var end: Int
    }

    private(set) var entries: [Entry] = []
    private(set) var commented: [Commented] = []
    private(set) var sections: [Section] = []
    private(set) var usesCRLF = false

    private let text: [UInt8]

    init(_ text: [UInt8]) {
        self.text = text
        if let lf = text.firstIndex(of: 10), lf > 0, text[lf - 1] == 13 { usesCRLF = true }
        scan()
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(10), cr = UInt8(13)

    private func skipBlanks(_ i: Int) -> Int {
        var i = i
        while i < text.count, text[i] == Self.space || text[i] == Self.tab { i += 1 }
        return i
    }

    /// Just past the newline at or after `i`.
    private func lineEnd(_ i: Int) -> Int {
        var i = i
        while i < text.count, text[i] != Self.newline { i += 1 }
        return min(i + 1, text.count)
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
    }

    /// A dotted key starting at `i`: its parts, and where it ends.
    private func key(at i: Int, until stop: UInt8) -> (parts: [String], end: Int)? {
        var parts: [String] = []
        var i = skipBlanks(i)
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                var j = i + 1
                var bytes: [UInt8] = []
                while j < text.count, text[j] != c, text[j] != Self.newline {
                    if c == UInt8(ascii: "\""), text[j] == UInt8(ascii: "\\"), j + 1 < text.count {
                        bytes.append(text[j + 1])
                        j += 2
                        continue
                    }
                    bytes.append(text[j])
                    j += 1
                }
                parts.append(String(decoding: bytes, as: UTF8.self))
                i = j + 1
            } else if Self.isBare(c) {
                var j = i
                while j < text.count, Self.isBare(text[j]) { j += 1 }
                parts.append(String(decoding: text[i..<j], as: UTF8.self))
                i = j
            } else {
                return nil
            }
            i = skipBlanks(i)
            guard i < text.count else { return nil }
            if text[i] == UInt8(ascii: ".") {
                i = skipBlanks(i + 1)
                continue
            }
            return text[i] == stop ? (parts, i) : nil
        }
        return nil
    }

    /// Just past a value starting at `start`: strings, nested brackets and multi-line values
    /// are followed; a comment or the end of the line at depth 0 ends it.
    private func valueEnd(from start: Int) -> Int {
        var i = start
        var depth = 0
        scanning: while i < text.count {
            let c = text[i]
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let triple = i + 2 < text.count && text[i + 1] == c && text[i + 2] == c
                i += triple ? 3 : 1
                while i < text.count {
                    if c == UInt8(ascii: "\""), text[i] == UInt8(ascii: "\\") {
                        i += 2
                        continue
                    }
                    if !triple, text[i] == Self.newline { break }
                    if text[i] == c, !triple || (i + 2 < text.count && text[i + 1] == c && text[i + 2] == c) {
                        i += triple ? 3 : 1
                        // A closing triple may be followed by up to two more quotes of the string.
                        while triple, i < text.count, text[i] == c { i += 1 }
                        break
                    }
                    i += 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                i += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                i += 1
            case UInt8(ascii: "#"):
                if depth <= 0 { break scanning }
                i = lineEnd(i)
            case Self.newline, Self.cr:
                if depth <= 0 { break scanning }
                i += 1
            default:
                i += 1
            }
        }
        var end = min(i, text.count)
        while end > start, text[end - 1] == Self.space || text[end - 1] == Self.tab { end -= 1 }
        return end
    }

    private mutating func scan() {
        var header: [String]? = nil
        var i = 0
        var line = 1
        func countLines(_ from: Int, _ to: Int) -> Int {
            text[from..<to].reduce(0) { $0 + ($1 == Self.newline ? 1 : 0) }
        }
        while i < text.count {
            let lineStart = i
            let j = skipBlanks(i)
            guard j < text.count else { break }
            let c = text[j]
            var next = lineEnd(j)
            if c == Self.newline || c == Self.cr {
                // blank line
            } else if c == UInt8(ascii: "#") {
                if let (parts, _) = key(at: j + 1, until: UInt8(ascii: "=")), parts.count == 1 {
                    commented.append(
                        Commented(
                            table: header?.joined(separator: "."), key: parts[0], lineStart: lineStart, lineEnd: next))
                }
            } else if c == UInt8(ascii: "[") {
                if j + 1 < text.count, text[j + 1] == UInt8(ascii: "[") {
                    header = ["[[array of tables]]"]
                } else if let (parts, _) = key(at: j + 1, until: UInt8(ascii: "]")) {
                    header = parts
                    if !sections.isEmpty { sections[sections.count - 1].end = lineStart }
                    sections.append(
                        Section(table: parts.joined(separator: "."), start: lineStart, headerEnd: next, end: text.count)
                    )
                }
            } else if let (parts, equals) = key(at: j, until: UInt8(ascii: "=")) {
                let valueStart = skipBlanks(equals + 1)
                let end = valueEnd(from: valueStart)
                next = lineEnd(end)
                entries.append(
                    Entry(
                        path: (header ?? []) + parts, table: header?.joined(separator: "."), line: line,
                        lineStart: lineStart, keyStart: j, valueStart: valueStart, valueEnd: end, lineEnd: next))
            }
            line += countLines(lineStart, next)
            i = next
        }
        if let last = sections.indices.last, sections[last].end > text.count { sections[last].end = text.count }
    }
}
