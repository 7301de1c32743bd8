/// Why a parameter file (or a `set_params` request) was not accepted.
///
/// Every error names the file, the line and column and the key where it can, and says what
/// is allowed: `cardstack.toml: line 3, column 11: layout.spacing must be > 0, got -3.0`.
public struct ParamsError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        case unreadable, missing
        case tooLarge = "too_large"
        case notUTF8 = "not_utf8"
        case syntax
        case unknownKey = "unknown_key"
        case wrongType = "wrong_type"
        case outOfRange = "out_of_range"
    }

    public var kind: Kind
    /// The file, or nil for parameters that came over the socket.
    public var path: String?
    public var position: SourcePosition?
    /// The dotted key (`layout.spacing`), when one key is at fault.
    public var key: String?
    /// The sentence without file and position.
    public var message: String

    public init(
        _ kind: Kind, _ message: String, key: String? = nil, at position: SourcePosition? = nil, path: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.key = key
        self.position = position
        self.path = path
    }

    /// `file: line L, column C: message`.
    public var description: String {
        var parts: [String] = []
        if let path { parts.append(path) }
        if let position { parts.append(position.description) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }

    /// The same error, naming `path` as its file.
    public func inFile(_ path: String?) -> ParamsError {
        var copy = self
        copy.path = path
        return copy
    }
}
