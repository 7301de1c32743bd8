import CTOMLReader

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
    public static func load(_ bytes: [UInt8]) throws(ParamsError) -> (tree: ParamNode, resolved: Resolved) {
        let parsed = try tree(from: bytes)
        return (parsed, try ParamsSchema.resolve(parsed))
    }

    /// The value tree of a TOML text, with the position of every key and value (toml++
    /// records them as it parses, so `positions` is kept only for callers that pass it).
    /// toml++ is given the text without its comments' bodies (``TOMLCommentText``): the
    /// same tree and the same errors, at the same lines and columns, for a fraction of the
    /// parse.
    ///
    /// - Parameter stripComments: false hands toml++ the text as it is (wire-benchmark
    ///   measures what ``TOMLCommentText`` buys with it).
    public static func tree(
        from bytes: [UInt8], positions: Bool = true, stripComments: Bool = true
    ) throws(ParamsError) -> ParamNode {
        guard bytes.count <= maximumBytes else {
            throw ParamsError(
                .tooLarge,
                "the file is \(bytes.count) bytes; a parameter file may be at most \(maximumBytes) bytes (1 MiB)")
        }
        // A plain text is UTF-8 with no NUL: only any other needs the check that finds the
        // place to report.
        let plain = TOMLCommentText.isPlain(bytes)
        if !plain { _ = try decodeUTF8(bytes) }
        guard stripComments else { return try parseTOML(bytes) }
        return try parseTOML(TOMLCommentText.strip(bytes, plain: plain) ?? bytes)
    }

    /// How deep keys and values may nest: a parameter file needs 3 (`layout.flip_range.0`).
    static let maximumDepth: Int32 = 16

    /// The TOML text's tree, from toml++ (``CTOMLReader``), positions included.
    static func parseTOML(_ bytes: [UInt8]) throws(ParamsError) -> ParamNode {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cs_toml_parse($0.baseAddress, $0.count, maximumDepth) }
        }
        guard let document = parsed else { throw ParamsError(.syntax, "out of memory reading the file") }
        defer { cs_toml_free(document) }
        var line: Int32 = 0
        var column: Int32 = 0
        if let message = cs_toml_error(document, &line, &column) {
            throw ParamsError(
                .syntax, "TOML syntax error: \(String(cString: message))",
                at: line > 0 ? SourcePosition(line: Int(line), column: Int(max(column, 1))) : nil)
        }
        var count = 0
        guard let nodes = cs_toml_nodes(document, &count), count > 0 else { return .emptyTable }
        var index = 0
        return node(UnsafeBufferPointer(start: nodes, count: count), at: &index, isRoot: true)
    }

    /// The node at `index` and its children (nesting is at most ``maximumDepth``).
    static func node(
        _ nodes: UnsafeBufferPointer<cs_toml_node>, at index: inout Int, isRoot: Bool = false
    ) -> ParamNode {
        let raw = nodes[index]
        index += 1
        func position(_ line: Int32, _ column: Int32) -> SourcePosition? {
            line > 0 && !isRoot ? SourcePosition(line: Int(line), column: Int(max(column, 1))) : nil
        }
        let value: ParamNode.Value
        switch cs_toml_kind(rawValue: UInt32(bitPattern: raw.kind)) {
        case CS_TOML_TABLE:
            var entries: [(key: String, node: ParamNode)] = []
            entries.reserveCapacity(Int(raw.children))
            for _ in 0..<Int(raw.children) {
                let key = string(nodes[index].key, nodes[index].key_length)
                entries.append((key, node(nodes, at: &index)))
            }
            // toml++ keeps keys sorted: give them back in file order.
            entries.sort { ($0.node.keyPosition ?? .max) < ($1.node.keyPosition ?? .max) }
            value = .table(entries)
        case CS_TOML_ARRAY:
            var elements: [ParamNode] = []
            elements.reserveCapacity(Int(raw.children))
            for _ in 0..<Int(raw.children) { elements.append(node(nodes, at: &index)) }
            value = .array(elements)
        case CS_TOML_INTEGER: value = .integer(raw.integer)
        case CS_TOML_FLOAT: value = .double(raw.number)
        case CS_TOML_BOOLEAN: value = .bool(raw.boolean != 0)
        case CS_TOML_STRING: value = .string(string(raw.text, raw.text_length))
        case CS_TOML_DATE: value = .other("a date")
        case CS_TOML_TIME: value = .other("a time")
        default: value = .other("a date-time")
        }
        return ParamNode(
            value, position: position(raw.line, raw.column), keyPosition: position(raw.key_line, raw.key_column))
    }

    static func string(_ start: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let start, length > 0 else { return "" }
        return start.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The text of `bytes`, or an error at the first byte that is not UTF-8.
    static func decodeUTF8(_ bytes: [UInt8]) throws(ParamsError) -> String {
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) { return text }
        // Find the place to report.
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                // TOML allows no NUL anywhere; say where it is.
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
}

extension SourcePosition {
    static let max = SourcePosition(line: .max, column: .max)
}
