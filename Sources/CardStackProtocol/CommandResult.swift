import CardLayout

/// Every command's result, encoded as its own JSON shape (docs/protocol.md §4's table).
public enum CommandResult: Sendable, Equatable, Codable {
    case empty
    case params(ParamsInfo)
    case frame(Frame)
    case state(StateInfo)
    case events([EventKind])
    case offset(Double)
    case target(Double)
    /// A deck edit's result: the deck's new size and front item.
    case deck(cards: Int, front: Int)
    case saved(SaveResult)
    case history(HistoryInfo)
    case exported(ExportResult)
    case presets(PresetList)
    /// `get_schema`: every key's type, range and defaults.
    case schema(SchemaInfo)

    enum Key: String, CodingKey { case events, offset, target, cards, front }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = encoder.container(keyedBy: Key.self)
        case let .params(p): try p.encode(to: encoder)
        case let .frame(f):
            var c = encoder.singleValueContainer()
            try c.encode(f)
        case let .state(s): try s.encode(to: encoder)
        case let .events(e):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(e, forKey: .events)
        case let .offset(x):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(x, forKey: .offset)
        case let .target(x):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(x, forKey: .target)
        case let .deck(cards, front):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(cards, forKey: .cards)
            try c.encode(front, forKey: .front)
        case let .saved(r): try r.encode(to: encoder)
        case let .history(h): try h.encode(to: encoder)
        case let .exported(e): try e.encode(to: encoder)
        case let .presets(p): try p.encode(to: encoder)
        case let .schema(s): try s.encode(to: encoder)
        }
    }

    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "results are decoded by clients as JSON"))
    }
}
