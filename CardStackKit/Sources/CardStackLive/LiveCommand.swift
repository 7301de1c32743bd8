import CardLayout
import Foundation

/// A command an app sends back to the daemon, in the daemon's wire vocabulary
/// (docs/protocol.md §4): one JSON request line, POSTed to `cardstack web`'s `/request`.
public enum LiveCommand: Sendable, Equatable {
    /// `scroll_to`: jump (or, animated, move) to `offset` points.
    case scrollTo(offset: Double, animated: Bool = false)
    /// `next` / `prev`: animate `count` cards on or back.
    case next(count: Int = 1)
    case prev(count: Int = 1)
    /// `fling`: coast from a release at `velocity` points per second.
    case fling(velocity: Double)
    /// `set_params`: the given keys, by table (`["layout": ["spacing": .number(40)]]`).
    case setParams([String: [String: LiveValue]])
    /// `get_state`: the daemon's STATE, whose `uptime_s` is its clock (the follower's round
    /// trips, ``LiveClock``).
    case getState

    /// `set_params` with the keys whose values differ between `base` and `parameters`.
    public static func setParams(_ parameters: Parameters, from base: Parameters) -> LiveCommand {
        let new = LiveValue.tables(of: parameters)
        let old = LiveValue.tables(of: base)
        var changed: [String: [String: LiveValue]] = [:]
        for (table, keys) in new {
            for (key, value) in keys where old[table]?[key] != value {
                changed[table, default: [:]][key] = value
            }
        }
        return .setParams(changed)
    }

    /// Every command's name on the wire, as ``name`` spells it.
    public static let names = [
        scrollTo(offset: 0).name, next().name, prev().name, fling(velocity: 0).name, setParams([:]).name, getState.name,
    ]

    /// The command's name on the wire.
    public var name: String {
        switch self {
        case .scrollTo: "scroll_to"
        case .next: "next"
        case .prev: "prev"
        case .fling: "fling"
        case .setParams: "set_params"
        case .getState: "get_state"
        }
    }

    /// The request line (without its newline), with `id` when given.
    public func requestLine(id: String? = nil) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every value here encodes (finite numbers are the caller's: the daemon refuses others).
        return Array((try? encoder.encode(Wire(command: self, id: id))) ?? Data())
    }

    private struct Wire: Encodable {
        let command: LiveCommand
        let id: String?

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeIfPresent(id, forKey: Key("id"))
            try c.encode(command.name, forKey: Key("cmd"))
            switch command {
            case .scrollTo(let offset, let animated):
                try c.encode(offset, forKey: Key("offset"))
                try c.encode(animated, forKey: Key("animated"))
            case .next(let count), .prev(let count):
                try c.encode(count, forKey: Key("count"))
            case .fling(let velocity):
                try c.encode(velocity, forKey: Key("velocity"))
            case .setParams(let tables):
                try c.encode(tables, forKey: Key("params"))
            case .getState:
                break
            }
        }
    }
}

/// A JSON value of a parameter (`set_params`).
public enum LiveValue: Sendable, Equatable, Codable {
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case string(String)
    case array([LiveValue])
    case object([String: LiveValue])
    case null

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .integer(i)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([LiveValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: LiveValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let d): try c.encode(d)
        case .integer(let i): try c.encode(i)
        case .bool(let b): try c.encode(b)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        case .null: try c.encodeNil()
        }
    }

    /// `parameters` as tables of values, the shape `set_params` and PARAMS share.
    static func tables(of parameters: Parameters) -> [String: [String: LiveValue]] {
        guard let data = try? JSONEncoder().encode(parameters),
            let tables = try? JSONDecoder().decode([String: [String: LiveValue]].self, from: data)
        else { return [:] }
        return tables
    }
}
