import CardLayout

/// The protocol's constants (docs/protocol.md).
public enum WireProtocol {
    /// Sent in `hello`; a change of meaning needs a new number.
    public static let version = 1
    /// The longest request line the daemon takes, in bytes without its `\n` (a longer one
    /// gets `line_too_long` and the connection ends); the bridge holds its messages and
    /// `POST /request` bodies to the same limit.
    public static let maximumRequestLineBytes = 65536
    /// The programs' version (`cardstack --version`, `cardstackd --version`, `hello`'s
    /// `server`, the exports' first line).
    public static let programVersion = "0.1.0"
}

/// A request id: any JSON string or integer the client chose, echoed in the reply.
public enum RequestID: Sendable, Hashable, Codable, CustomStringConvertible {
    case integer(Int64)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int64.self) {
            self = .integer(i)
        } else {
            self = .string(try c.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .integer(let i): try c.encode(i)
        case .string(let s): try c.encode(s)
        }
    }

    public var description: String {
        switch self {
        case .integer(let i): String(i)
        case .string(let s): "\"\(s)\""
        }
    }
}

/// Stable machine codes of errors that cross the socket.
public enum ErrorCode: String, Sendable, Codable {
    case parseError = "parse_error"
    case unknownCommand = "unknown_command"
    case invalidArgument = "invalid_argument"
    case lineTooLong = "line_too_long"
    case forbidden
    case `internal`
    /// `save`: the file changed on disk since the daemon last loaded it; nothing was written.
    case conflict
    /// The user's environment refused a file operation (a read-only file or directory, a
    /// deleted file, a directory where the file was, a full disk, an owner that cannot be
    /// kept): the user's to fix, unlike `internal`.
    case ioError = "io_error"
}

/// An error reply's payload: a code for programs and a sentence for people.
public struct WireError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// Everything a client can ask (docs/protocol.md §4, one case per `cmd`).
public enum Command: Sendable, Equatable {
    case ping
    case getParams
    /// `set_params {"params", "gesture"?}`: `gesture` names one drag of the client's (any
    /// string it picks); its sets are one history entry (docs/protocol.md, section 4).
    case setParams(JSONValue, gesture: String? = nil)
    case getFrame
    case getState
    case subscribe([EventKind])
    case unsubscribe([EventKind])
    case scroll(by: Double)
    case scrollTo(offset: Double, animated: Bool)
    case fling(velocity: Double)
    /// `drag {"phase", "by"|"velocity"}`: a finger on the deck (``DragPhase``).
    case drag(DragPhase)
    case snap
    case next(count: Int)
    case prev(count: Int)
    /// `move {"from","to"}`, `remove {"item"}`, `insert {"at","title"}`: a deck edit.
    case edit(DeckEdit)
    /// `save`, `history`, `undo`, `redo`, `preset`, `export`: carrying the numbers back.
    case tuning(TuningCommand)
    /// `open {"item"}`: the circle reveal grows from that card until it covers the viewport.
    case open(item: Int)
    /// `close`: the circle reveal shrinks back.
    case close
    /// Every key of the parameter file: type, range, defaults.
    case getSchema
    /// `set_variants {"cells"|"vary"}`: this client's grid of parameter sets on one clock
    /// (no cells: no grid).
    case setVariants(VariantsRequest)
}

/// One request line: `{"id": ID, "cmd": NAME, ...arguments}`.
public struct Request: Sendable, Equatable {
    public var id: RequestID?
    public var command: Command

    public init(id: RequestID? = nil, _ command: Command) {
        self.id = id
        self.command = command
    }
}

/// The replies: `{"id":ID,"ok":true,"result":{…}}` or `{"id":ID,"ok":false,"error":{…}}`.
///
/// The daemon encodes each command's typed result (``CommandResult``); clients decode it as
/// the result of the command they sent (``Command/decodeResult(from:)``), in the same pass
/// that reads the line (``ServerMessage``).
public struct Reply<Result: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    public var id: RequestID?
    public var ok: Bool
    public var result: Result?
    public var error: WireError?

    public init(id: RequestID?, result: Result) {
        self.id = id
        self.ok = true
        self.result = result
        self.error = nil
    }

    public init(id: RequestID?, error: WireError) {
        self.id = id
        self.ok = false
        self.result = nil
        self.error = error
    }

    /// A successful reply whose result the reader did not ask to have decoded.
    public init(id: RequestID?) {
        self.id = id
        self.ok = true
        self.result = nil
        self.error = nil
    }

    enum CodingKeys: String, CodingKey { case id, ok, result, error }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        try c.encode(ok, forKey: .ok)
        try c.encodeIfPresent(result, forKey: .result)
        try c.encodeIfPresent(error, forKey: .error)
    }
}

/// The first line a client receives.
public struct Hello: Sendable, Equatable, Codable {
    public var `protocol`: Int
    public var server: String
    public var version: String
    public var revision: Int

    public init(version: String, revision: Int) {
        self.protocol = WireProtocol.version
        self.server = "cardstackd"
        self.version = version
        self.revision = revision
    }
}

/// Where the parameters in force came from.
///
/// `file`: the watched file; `set`: `set_params`; `undo`: `undo` or `redo` put an earlier
/// set back; `preset`: `preset`; `defaults`: the built-in values (no good file yet).
public enum ParamsSource: String, Sendable, Codable {
    case file, set, undo, preset, defaults
}

/// A parameter file that did not load: where and why (the `config_error` event).
public struct ConfigError: Sendable, Equatable, Codable {
    public var path: String?
    public var line: Int?
    public var column: Int?
    public var key: String?
    public var message: String

    public init(path: String?, line: Int?, column: Int?, key: String?, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case path, line, column, key, message }

    // Every key is always present (null when unknown), as docs/protocol.md §5.4 lists them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(key, forKey: .key)
        try c.encode(message, forKey: .message)
    }
}

/// `get_params`' result and the `params` event.
public struct ParamsInfo: Sendable, Equatable, Codable {
    public var revision: Int
    public var source: ParamsSource
    public var path: String?
    public var params: Parameters
    /// The last reload's error while it is unresolved.
    public var error: ConfigError?
    /// The keys `set_params` changed that are in force (`layout.spacing`, …), in the order
    /// they were first set; empty when none.
    public var overridden: [String]
    /// The keys whose values in force differ from the file's as last loaded or saved (after
    /// a `set`, a preset or an undo), in the file's order; empty when the file holds what is
    /// in force, or there is no file. What `save` would write.
    public var unsaved: [String]
    /// What the daemon notices about the values in force but does not refuse, each naming
    /// the key to change; empty when nothing.
    public var warnings: [String]
    /// What the style works out for the `[carousel]` keys the parameters leave out (`null`
    /// in `params`), by dotted key: `carousel.radius` of `rotary` is 373.2 pt, not "none".
    /// Empty for the styles that are not carousels.
    public var effective: [String: Double]
    /// Grows by one whenever the daemon sees an image file `card.images` names change; a
    /// client loads the images again when it does. Absent on the wire while 0.
    public var imagesVersion = 0

    public init(
        revision: Int, source: ParamsSource, path: String?, params: Parameters, error: ConfigError?,
        overridden: [String] = [], unsaved: [String] = [], warnings: [String] = [], effective: [String: Double] = [:],
        imagesVersion: Int = 0
    ) {
        self.imagesVersion = imagesVersion
        self.revision = revision
        self.source = source
        self.path = path
        self.params = params
        self.error = error
        self.overridden = overridden
        self.unsaved = unsaved
        self.warnings = warnings
        self.effective = effective
    }

    enum CodingKeys: String, CodingKey {
        case revision, source, path, params, error, overridden, unsaved, warnings, effective
        case imagesVersion = "images_version"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        revision = try c.decode(Int.self, forKey: .revision)
        source = try c.decode(ParamsSource.self, forKey: .source)
        path = try c.decodeIfPresent(String.self, forKey: .path)
        params = try c.decode(Parameters.self, forKey: .params)
        error = try c.decodeIfPresent(ConfigError.self, forKey: .error)
        overridden = try c.decodeIfPresent([String].self, forKey: .overridden) ?? []
        unsaved = try c.decodeIfPresent([String].self, forKey: .unsaved) ?? []
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
        effective = try c.decodeIfPresent([String: Double].self, forKey: .effective) ?? [:]
        imagesVersion = try c.decodeIfPresent(Int.self, forKey: .imagesVersion) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(revision, forKey: .revision)
        try c.encode(source, forKey: .source)
        try c.encode(path, forKey: .path)
        try c.encode(params, forKey: .params)
        try c.encode(error, forKey: .error)
        try c.encode(overridden, forKey: .overridden)
        try c.encode(unsaved, forKey: .unsaved)
        try c.encode(warnings, forKey: .warnings)
        // Keys in order, so the same values are the same bytes.
        var values = c.nestedContainer(keyedBy: JSONValue.Key.self, forKey: .effective)
        for (key, value) in effective.sorted(by: { $0.key < $1.key }) {
            try values.encode(value, forKey: JSONValue.Key(stringValue: key))
        }
        if imagesVersion != 0 { try c.encode(imagesVersion, forKey: .imagesVersion) }
    }
}
