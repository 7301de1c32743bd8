import CardStackProtocol

extension ParamNode {
    /// The tree of a client's `set_params` object: the same tables and keys as the file.
    public init(json: JSONValue) {
        switch json {
        case .null: self.init(.null)
        case let .bool(b): self.init(.bool(b))
        case let .integer(i): self.init(.integer(i))
        case let .number(d): self.init(.double(d))
        case let .string(s): self.init(.string(s))
        case let .array(items): self.init(.array(items.map(ParamNode.init(json:))))
        case let .object(entries): self.init(.table(entries.map { ($0.key, ParamNode(json: $0.value)) }))
        }
    }
}

extension ParamsError {
    /// The `config_error` payload for this error.
    public var configError: ConfigError {
        ConfigError(path: path, line: position?.line, column: position?.column, key: key, message: message)
    }
}
