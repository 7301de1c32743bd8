/// A line and column in a parameter file, both counted from 1 (columns in characters).
public struct SourcePosition: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "line \(line), column \(column)" }
}

/// A parsed parameter value, from TOML or from a client's JSON, with where it was written.
///
/// The schema validates this tree, so the file and `set_params` share one set of rules.
public struct ParamNode: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case integer(Int64)
        case double(Double)
        case bool(Bool)
        case string(String)
        case array([ParamNode])
        case table([(key: String, node: ParamNode)])
        /// JSON's `null` (set_params only: TOML has none).
        case null
        /// A value of a type the schema never accepts (a TOML date, a JSON null), by name.
        case other(String)

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.integer(let x), .integer(let y)): x == y
            case (.double(let x), .double(let y)): x == y || (x.isNaN && y.isNaN)
            case (.bool(let x), .bool(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.array(let x), .array(let y)): x == y
            case (.table(let x), .table(let y)): x.map(\.key) == y.map(\.key) && x.map(\.node) == y.map(\.node)
            case (.other(let x), .other(let y)): x == y
            case (.null, .null): true
            default: false
            }
        }
    }

    public var value: Value
    /// Where the value starts, when it came from a file.
    public var position: SourcePosition?
    /// Where its key starts, when it came from a file.
    public var keyPosition: SourcePosition?

    public init(_ value: Value, position: SourcePosition? = nil, keyPosition: SourcePosition? = nil) {
        self.value = value
        self.position = position
        self.keyPosition = keyPosition
    }

    /// An empty table: what an empty file parses to.
    public static let emptyTable = ParamNode(.table([]))

    /// The entries when this is a table.
    public var entries: [(key: String, node: ParamNode)]? {
        if case .table(let entries) = value { return entries }
        return nil
    }

    /// `other` laid over `self`: tables merge key by key, any other value is replaced.
    public func merging(_ other: ParamNode) -> ParamNode {
        guard var mine = entries, let theirs = other.entries else { return other }
        for (key, node) in theirs {
            if let i = mine.firstIndex(where: { $0.key == key }) {
                mine[i].node = mine[i].node.merging(node)
            } else {
                mine.append((key, node))
            }
        }
        return ParamNode(.table(mine), position: position, keyPosition: keyPosition)
    }

    /// The value as a user would have typed it, for error messages.
    public var display: String {
        switch value {
        case .integer(let x): String(x)
        case .double(let x): String(x)
        case .bool(let x): String(x)
        case .string(let x): "\"\(x)\""
        case .array(let xs): "[" + xs.map(\.display).joined(separator: ", ") + "]"
        case .table: "a table"
        case .null: "null"
        case .other(let name): name
        }
    }

    /// What kind of value this is, in the words error messages use.
    public var kindName: String {
        switch value {
        case .integer: "an integer"
        case .double: "a number"
        case .bool: "a boolean"
        case .string: "a string"
        case .array: "an array"
        case .table: "a table"
        case .null: "null"
        case .other(let name): name
        }
    }
}
