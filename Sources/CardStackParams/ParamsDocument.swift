import TOMLKit

/// Pure: the bytes of a parameter file -> a tree of values with positions -> parameters.
/// No file access here; ``ParamsFile`` reads, this decides.
public enum ParamsDocument {
    /// Larger files are refused before parsing: a parameter file is a few hundred bytes.
    public static let maximumBytes = 1 << 20

    /// Parses and validates a whole file.
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - path: the file's name, for messages.
    /// - Returns: the parameters and any warnings.
    /// - Throws: ``ParamsError`` naming the file, line, column and key.
    public static func parameters(from bytes: [UInt8], path: String? = nil) throws(ParamsError) -> Resolved {
        do {
            return try load(bytes).resolved
        } catch {
            throw error.inFile(path)
        }
    }

    /// Parses and validates: the tree (for merging client overrides) and the parameters.
    /// Positions are only worked out when there is an error to place.
    public static func load(_ bytes: [UInt8]) throws(ParamsError) -> (tree: ParamNode, resolved: Resolved) {
        let fast = try tree(from: bytes, positions: false)
        do {
            return (fast, try ParamsSchema.resolve(fast))
        } catch {
            // Again with positions, so the first error in file order is reported with its place.
            let located = try tree(from: bytes, positions: true)
            return (located, try ParamsSchema.resolve(located))
        }
    }

    /// The value tree of a TOML text, with the position of every key and value unless
    /// `positions` is false.
    public static func tree(from bytes: [UInt8], positions: Bool = true) throws(ParamsError) -> ParamNode {
        guard bytes.count <= maximumBytes else {
            throw ParamsError(
                .tooLarge,
                "the file is \(bytes.count) bytes; a parameter file may be at most \(maximumBytes) bytes (1 MiB)")
        }
        let text = try decodeUTF8(bytes)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ParamsError(
                .syntax, "TOML syntax error: \(error.description)",
                at: SourcePosition(line: error.source.begin.line, column: error.source.begin.column))
        } catch {
            throw ParamsError(.syntax, "TOML syntax error: \(error)")
        }
        return node(table, path: [], locator: positions ? TOMLLocator(text) : nil)
    }

    /// The text of `bytes`, or an error at the first byte that is not UTF-8.
    static func decodeUTF8(_ bytes: [UInt8]) throws(ParamsError) -> String {
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) { return text }
        // Find the place to report.
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                // TOMLKit hands the text to C as a string: a NUL would silently end the file.
                if encoded.count == 1, encoded.first == 0 {
                    throw ParamsError(
                        .syntax, "the file contains a NUL byte, which TOML does not allow",
                        at: SourcePosition(line: line, column: column))
                }
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                throw ParamsError(
                    .notUTF8, "the file is not valid UTF-8 text (TOML files must be UTF-8)",
                    at: SourcePosition(line: line, column: column))
            }
        }
    }

    static func node(_ value: any TOMLValueConvertible, path: [String], locator: TOMLLocator?) -> ParamNode {
        var position: SourcePosition? = nil
        var keyPosition: SourcePosition? = nil
        if let locator, !path.isEmpty {
            let dotted = path.joined(separator: ".")
            position = locator.valuePosition(dotted)
            keyPosition = locator.keyPosition(dotted)
        }
        func make(_ v: ParamNode.Value) -> ParamNode { ParamNode(v, position: position, keyPosition: keyPosition) }
        switch value.type {
        case .table:
            guard let table = value.table else { return make(.other("a table")) }
            var entries: [(key: String, node: ParamNode)] = []
            for (key, child) in table {
                entries.append((key, node(child, path: path + [key], locator: locator)))
            }
            // toml++ keeps keys sorted; give them back in file order when it is known.
            if locator != nil { entries.sort { ($0.node.keyPosition ?? .max) < ($1.node.keyPosition ?? .max) } }
            return make(.table(entries))
        case .array:
            guard let array = value.array else { return make(.other("an array")) }
            return make(.array(array.enumerated().map { node($1, path: path + [String($0)], locator: locator) }))
        case .int: return make(value.int.map { .integer(Int64($0)) } ?? .other("an integer"))
        case .double: return make(value.double.map { .double($0) } ?? .other("a number"))
        case .bool: return make(value.bool.map { .bool($0) } ?? .other("a boolean"))
        case .string: return make(value.string.map { .string($0) } ?? .other("a string"))
        case .date: return make(.other("a date"))
        case .time: return make(.other("a time"))
        case .dateTime: return make(.other("a date-time"))
        }
    }
}

extension SourcePosition {
    static let max = SourcePosition(line: .max, column: .max)
}
