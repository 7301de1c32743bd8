import CardStackProtocol

extension ParamNode {
    /// The tree of a client's `set_params` object: the same tables and keys as the file.
    public init(json: JSONValue) {
        switch json {
        case .null: self.init(.null)
        case .bool(let b): self.init(.bool(b))
        case .integer(let i): self.init(.integer(i))
        case .number(let d): self.init(.double(d))
        case .string(let s): self.init(.string(s))
        case .array(let items): self.init(.array(items.map(ParamNode.init(json:))))
        case .object(let entries): self.init(.table(entries.map { ($0.key, ParamNode(json: $0.value)) }))
        }
    }
}

extension ParamsError {
    /// The `config_error` payload for this error.
    public var configError: ConfigError {
        ConfigError(path: path, line: position?.line, column: position?.column, key: key, message: message)
    }
}

extension ParamNode {
    /// The tree as a `set_params` value (the inverse of ``init(json:)``); nil for what JSON
    /// cannot hold (a TOML date, a non-finite number).
    public var json: JSONValue? {
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .double(let d): return d.isFinite ? .number(d) : nil
        case .string(let s): return .string(s)
        case .array(let items):
            var out: [JSONValue] = []
            for item in items {
                guard let v = item.json else { return nil }
                out.append(v)
            }
            return .array(out)
        case .table(let entries):
            var out: [(key: String, value: JSONValue)] = []
            for (key, node) in entries {
                guard let v = node.json else { return nil }
                out.append((key, v))
            }
            return .object(out)
        case .other: return nil
        }
    }

    /// One value in the file's own TOML syntax (`{ damping_ratio = 0.7, response = 0.35 }`,
    /// `[1.0, 1.2]`, `0.3`), read by the same reader as the file; the error says what TOML
    /// refused.
    public static func tomlValue(_ text: String) throws(ParamsError) -> ParamNode {
        let tree = try ParamsDocument.tree(from: Array("value = \(text)\n".utf8), positions: false)
        guard let entries = tree.entries, entries.count == 1, let node = entries.first?.node else {
            throw ParamsError(.wrongType, "not one TOML value: \(text)", key: nil, at: nil)
        }
        return node
    }
}
