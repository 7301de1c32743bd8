import CardLayout
import CardStackProtocol

/// Pure: a parameter file's text and the parameters to put in it -> the new text, with only
/// the lines of the keys whose values change touched. Comments, blank lines, key order and
/// every other byte stay as they were. ``SavedFile`` writes the result.
///
/// A key the file sets gets its value replaced in place (a comment after it stays; an array
/// whose element count stays changes element by element, keeping comments between them); a key
/// the file leaves out is added to its table, under a commented-out line of the same key
/// when the table has one (`# wrap = true`), else after the table's last key; a table the
/// file lacks is added at the end. A key whose value in force is "the style's own default"
/// (a `[carousel]` option with no value) is taken out of the file. The style is written
/// first and the rest compared again, so keys that follow the style stay left out.
public enum ParamsSaver {
    /// One change to the text.
    public struct Edit: Sendable, Equatable {
        /// `table.key`.
        public var key: String
        /// The TOML value to write, or nil to take the key out.
        public var value: String?

        public init(key: String, value: String?) {
            self.key = key
            self.value = value
        }
    }

    /// The new text for `text` holding `target`, and the keys whose lines changed.
    ///
    /// - Throws: ``ParamsError`` when the text does not load, cannot be edited (an inline
    ///   table), or would not give `target` back.
    public static func save(_ text: [UInt8], as target: Parameters) throws(ParamsError) -> (
        text: [UInt8], changed: [String]
    ) {
        var current = text
        var changed: [String] = []
        var (tree, resolved) = try ParamsDocument.load(current)
        if resolved.parameters.layout.style != target.layout.style {
            current = try apply(
                [
                    Edit(
                        key: "layout.style",
                        value: toml(.string(target.layout.style.rawValue), key: "layout.style", tree: tree))
                ], to: current)
            changed.append("layout.style")
            (tree, resolved) = try ParamsDocument.load(current)
        }
        let differing = ParamsValues.changedKeys(from: resolved.parameters, to: target)
        let wanted = ParamsValues.flatten(target)
        let edits = differing.map { key in
            Edit(key: key, value: wanted.first { $0.key == key }.map { toml($0.value, key: key, tree: tree) })
        }
        current = try apply(edits, to: current)
        changed += differing
        let check = try ParamsDocument.load(current).resolved.parameters
        if check != target {
            let wrong = ParamsValues.changedKeys(from: check, to: target)
            throw ParamsError(
                .syntax,
                "cannot write \(wrong.joined(separator: ", ")) into this file so that it loads as the values in force; nothing was written"
            )
        }
        return (current, changed)
    }

    // MARK: - Values as TOML

    /// `value` as TOML text for `key`; whole numbers keep a `.0` unless the key takes an
    /// integer (the file's own spelling when it has one, else what the schema accepts).
    static func toml(_ value: JSONValue, key: String, tree: ParamNode) -> String {
        switch value {
        case .null: return key.hasSuffix("min") ? "-inf" : "inf"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return isIntegerKey(key, tree: tree) ? String(i) : "\(i).0"
        case .number(let d): return float(d)
        case .string(let s): return quoted(s)
        case .array(let items):
            return "["
                + items.map { item in
                    if case .integer(let i) = item { return "\(i).0" }
                    return toml(item, key: key, tree: tree)
                }.joined(separator: ", ") + "]"
        case .object(let entries):
            return "{ "
                + entries.map { "\(bareKey($0.key)) = \(toml($0.value, key: "\(key).\($0.key)", tree: tree))" }
                .joined(separator: ", ") + " }"
        }
    }

    static func float(_ d: Double) -> String {
        if d == .infinity { return "inf" }
        if d == -.infinity { return "-inf" }
        return "\(d)"
    }

    /// Whether `key` holds an integer: as the file writes it, else by asking the schema
    /// about a fraction.
    static func isIntegerKey(_ key: String, tree: ParamNode) -> Bool {
        // `table.key`, or `reduced.animation.fps` one table deeper.
        let parts = key.split(separator: ".").map(String.init)
        guard parts.count >= 2 else { return false }
        var node: ParamNode? = tree
        for part in parts { node = node?.entries?.first(where: { $0.key == part })?.node }
        if let node {
            if case .integer = node.value { return true }
            if case .double = node.value { return false }
        }
        // The key alone at 0.5, in its tables: a wrong type says it takes an integer.
        let probe = parts.reversed().reduce(ParamNode(.double(0.5))) { inner, part in
            ParamNode(.table([(part, inner)]))
        }
        do {
            _ = try ParamsSchema.resolve(probe)
            return false
        } catch {
            return error.kind == .wrongType
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func bareKey(_ key: String) -> String {
        let bare =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { s in
                s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-")
            }
        return bare ? key : quoted(key)
    }

    // MARK: - Editing the text

    /// Applies `edits` to `text`, one at a time.
    public static func apply(_ edits: [Edit], to text: [UInt8]) throws(ParamsError) -> [UInt8] {
        var bytes = text
        for edit in edits {
            bytes = try apply(edit, to: bytes)
        }
        return bytes
    }

    static func apply(_ edit: Edit, to text: [UInt8]) throws(ParamsError) -> [UInt8] {
        // `table.key`, or a key of an override table (`reduced.animation.duration`): the table
        // is every part but the last (`[reduced.animation]`).
        let path = edit.key.split(separator: ".").map(String.init)
        guard path.count >= 2 else {
            throw ParamsError(.unknownKey, "cannot save \(edit.key): not a table.key name", key: edit.key)
        }
        let tablePath = Array(path.dropLast())
        let parts = [tablePath.joined(separator: "."), path[path.count - 1]]
        let map = TOMLLineMap(text)
        for k in 1..<path.count {
            guard let inline = map.entries.first(where: { $0.path == Array(path[..<k]) }) else { continue }
            let table = path[..<k].joined(separator: ".")
            throw ParamsError(
                .wrongType,
                "\(table) is written as an inline table (line \(inline.line)); write it as a [\(table)] table so save can change \(edit.key)",
                key: edit.key)
        }
        if let entry = map.entries.first(where: { $0.path == path }) {
            guard let value = edit.value else {
                return Array(text[..<entry.lineStart] + text[entry.lineEnd...])
            }
            let range = entry.valueStart..<entry.valueEnd
            // An array keeping its element count keeps its comments and layout too.
            if let spliced = TOMLLineMap.replacingElements(of: text, in: range, with: Array(value.utf8)) {
                return spliced
            }
            return Array(text[..<entry.valueStart] + Array(value.utf8) + text[entry.valueEnd...])
        }
        guard let value = edit.value else { return text }
        let newline: [UInt8] = map.usesCRLF ? [13, 10] : [10]
        // Under a commented-out line of the same key in its table, else after its last key.
        if let section = map.sections.last(where: { $0.table == parts[0] }) {
            let anchor = map.commented.last {
                $0.table == parts[0] && $0.key == parts[1] && $0.lineStart >= section.start && $0.lineEnd <= section.end
            }
            let lastEntry = map.entries.last {
                $0.lineStart >= section.start && $0.lineEnd <= section.end && $0.path.starts(with: tablePath)
            }
            let at = anchor?.lineEnd ?? lastEntry?.lineEnd ?? section.headerEnd
            let indent = lastEntry.map { Array(text[$0.lineStart..<$0.keyStart]) } ?? []
            let line = indent + Array("\(bareKey(parts[1])) = \(value)".utf8) + newline
            return Array(text[..<at]) + needsNewline(text, at, newline) + line + text[at...]
        }
        // Root-level dotted keys of that table (`layout.spacing = 30` with no [layout]).
        if let lastDotted = map.entries.last(where: {
            $0.table == nil && $0.path.count == path.count && Array($0.path.dropLast()) == tablePath
        }) {
            let at = lastDotted.lineEnd
            let line = Array("\(path.map(bareKey).joined(separator: ".")) = \(value)".utf8) + newline
            return Array(text[..<at]) + needsNewline(text, at, newline) + line + text[at...]
        }
        var out = text
        if let last = out.last, last != 10 { out += newline }
        if !out.isEmpty { out += newline }
        out +=
            Array("[\(tablePath.map(bareKey).joined(separator: "."))]".utf8) + newline
            + Array("\(bareKey(parts[1])) = \(value)".utf8) + newline
        return out
    }

    /// A newline when inserting at `at` would join a line that has none (the file's last).
    static func needsNewline(_ text: [UInt8], _ at: Int, _ newline: [UInt8]) -> [UInt8] {
        at > 0 && at == text.count && text[at - 1] != 10 ? newline : []
    }
}
