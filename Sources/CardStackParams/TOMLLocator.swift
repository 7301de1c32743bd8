/// Finds where each key and value of a TOML text sits, because TOMLKit's parsed tables
/// carry no positions. It reads only what a parameter file uses: `[table]` headers, bare,
/// quoted and dotted keys, one-line arrays, comments, and skips multi-line strings.
///
/// Paths are the keys joined with `.`; array elements add their index (`layout.flip_range.1`).
public struct TOMLLocator: Sendable {
    public struct Location: Sendable, Equatable {
        public var key: SourcePosition
        public var value: SourcePosition?
    }

    public private(set) var locations: [String: Location] = [:]

    public init(_ text: String) {
        var table: [String] = []
        var multiline: String? = nil
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Array(rawLine)
            var i = 0
            if let delimiter = multiline {
                guard let end = Self.find(delimiter, in: line, from: 0) else { continue }
                multiline = nil
                i = end + delimiter.count
            }
            let number = index + 1
            Self.skipSpace(line, &i)
            guard i < line.count, line[i] != "#" else { continue }
            if line[i] == "[" {
                let isArray = i + 1 < line.count && line[i + 1] == "["
                i += isArray ? 2 : 1
                Self.skipSpace(line, &i)
                let start = i
                guard let keys = Self.parseKey(line, &i), !keys.isEmpty else { continue }
                table = keys
                if !isArray {
                    locations[keys.joined(separator: ".")] = Location(
                        key: SourcePosition(line: number, column: start + 1), value: nil)
                }
                continue
            }
            let keyStart = i
            guard let keys = Self.parseKey(line, &i) else { continue }
            Self.skipSpace(line, &i)
            guard i < line.count, line[i] == "=" else { continue }
            i += 1
            Self.skipSpace(line, &i)
            let path = (table + keys).joined(separator: ".")
            locations[path] = Location(
                key: SourcePosition(line: number, column: keyStart + 1),
                value: i < line.count ? SourcePosition(line: number, column: i + 1) : nil)
            for delimiter in ["\"\"\"", "'''"] where Self.find(delimiter, in: line, from: i) == i {
                if Self.find(delimiter, in: line, from: i + 3) == nil { multiline = delimiter }
            }
            if i < line.count, line[i] == "[" {
                for (n, column) in Self.elementColumns(line, from: i).enumerated() {
                    locations["\(path).\(n)"] = Location(
                        key: SourcePosition(line: number, column: column + 1),
                        value: SourcePosition(line: number, column: column + 1))
                }
            }
            if i < line.count, line[i] == "{" {
                for entry in Self.inlineEntries(line, from: i) {
                    locations["\(path).\(entry.keys.joined(separator: "."))"] = Location(
                        key: SourcePosition(line: number, column: entry.key + 1),
                        value: SourcePosition(line: number, column: entry.value + 1))
                }
            }
        }
    }

    /// Where the value at `path` starts (or its key, for a table), if the text has it.
    public func valuePosition(_ path: String) -> SourcePosition? {
        guard let location = locations[path] else { return nil }
        return location.value ?? location.key
    }

    /// Where the key at `path` starts.
    public func keyPosition(_ path: String) -> SourcePosition? {
        locations[path]?.key
    }

    static func skipSpace(_ line: [Character], _ i: inout Int) {
        while i < line.count, line[i] == " " || line[i] == "\t" || line[i] == "\r" { i += 1 }
    }

    static func find(_ needle: String, in line: [Character], from start: Int) -> Int? {
        let n = Array(needle)
        guard n.count <= line.count else { return nil }
        var i = max(start, 0)
        while i + n.count <= line.count {
            if Array(line[i..<(i + n.count)]) == n { return i }
            i += 1
        }
        return nil
    }

    /// A dotted key of bare and quoted parts; `i` ends after it.
    static func parseKey(_ line: [Character], _ i: inout Int) -> [String]? {
        var parts: [String] = []
        while true {
            skipSpace(line, &i)
            guard i < line.count else { return nil }
            var part = ""
            if line[i] == "\"" || line[i] == "'" {
                let quote = line[i]
                i += 1
                while i < line.count, line[i] != quote {
                    if quote == "\"", line[i] == "\\", i + 1 < line.count { i += 1 }
                    part.append(line[i])
                    i += 1
                }
                guard i < line.count else { return nil }
                i += 1
            } else {
                while i < line.count, line[i].isLetter || line[i].isNumber || line[i] == "_" || line[i] == "-" {
                    part.append(line[i])
                    i += 1
                }
                guard !part.isEmpty else { return nil }
            }
            parts.append(part)
            skipSpace(line, &i)
            guard i < line.count, line[i] == "." else { return parts }
            i += 1
        }
    }

    /// Columns where the elements of a one-line array starting at `start` begin.
    static func elementColumns(_ line: [Character], from start: Int) -> [Int] {
        var columns: [Int] = []
        var i = start + 1
        var expectValue = true
        var depth = 0
        while i < line.count {
            let c = line[i]
            if c == "#" { break }
            if c == "\"" || c == "'" {
                if expectValue && depth == 0 { columns.append(i) }
                expectValue = false
                i += 1
                while i < line.count, line[i] != c {
                    if c == "\"", line[i] == "\\" { i += 1 }
                    i += 1
                }
            } else if c == "[" || c == "{" {
                if expectValue && depth == 0 { columns.append(i) }
                expectValue = false
                depth += 1
            } else if c == "]" || c == "}" {
                if depth == 0 { break }
                depth -= 1
            } else if c == "," {
                if depth == 0 { expectValue = true }
            } else if c != " " && c != "\t" && expectValue && depth == 0 {
                columns.append(i)
                expectValue = false
            }
            i += 1
        }
        return columns
    }
}
