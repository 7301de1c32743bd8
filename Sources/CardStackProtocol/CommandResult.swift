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
    /// `set_variants`: every cell's set.
    case variants(VariantsInfo)

    enum Key: String, CodingKey { case events, offset, target, cards, front }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = encoder.container(keyedBy: Key.self)
        case .params(let p): try p.encode(to: encoder)
        case .frame(let f):
            var c = encoder.singleValueContainer()
            try c.encode(f)
        case .state(let s): try s.encode(to: encoder)
        case .events(let e):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(e, forKey: .events)
        case .offset(let x):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(x, forKey: .offset)
        case .target(let x):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(x, forKey: .target)
        case .deck(let cards, let front):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(cards, forKey: .cards)
            try c.encode(front, forKey: .front)
        case .saved(let r): try r.encode(to: encoder)
        case .history(let h): try h.encode(to: encoder)
        case .exported(let e): try e.encode(to: encoder)
        case .presets(let p): try p.encode(to: encoder)
        case .schema(let s): try s.encode(to: encoder)
        case .variants(let v): try v.encode(to: encoder)
        }
    }

    /// A result alone says nothing of its type: replies are decoded through
    /// ``Command/decodeResult(from:)`` (``ServerMessage`` does so for the requests a reader
    /// names), never through this.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "a result is decoded as its command's: Command.decodeResult(from:)"))
    }

    /// The value the result carries (`nil` for ``empty``), for a reader that wants one type.
    public var payload: (any Sendable)? {
        switch self {
        case .empty: nil
        case .params(let p): p
        case .frame(let f): f
        case .state(let s): s
        case .events(let e): e
        case .offset(let x): x
        case .target(let x): x
        case .deck(let cards, let front): (cards: cards, front: front)
        case .saved(let r): r
        case .history(let h): h
        case .exported(let e): e
        case .presets(let p): p
        case .schema(let s): s
        case .variants(let v): v
        }
    }
}

extension Command {
    /// Decodes `decoder` (a reply's `result`) as this command's result: the one place that
    /// says which command answers with which shape on the client's side.
    public func decodeResult(from decoder: any Decoder) throws -> CommandResult {
        typealias Key = CommandResult.Key
        switch self {
        case .ping, .open, .close:
            return .empty
        case .getParams, .setParams, .tuning(.undo), .tuning(.redo), .tuning(.preset(name: _?)):
            return .params(try ParamsInfo(from: decoder))
        case .getFrame:
            return .frame(try decoder.singleValueContainer().decode(Frame.self))
        case .getState:
            return .state(try StateInfo(from: decoder))
        case .subscribe, .unsubscribe:
            return .events(try decoder.container(keyedBy: Key.self).decode([EventKind].self, forKey: .events))
        case .scroll, .scrollTo:
            return .offset(try decoder.container(keyedBy: Key.self).decode(Double.self, forKey: .offset))
        case .drag(.began), .drag(.changed):
            return .offset(try decoder.container(keyedBy: Key.self).decode(Double.self, forKey: .offset))
        case .fling, .drag(.ended), .snap, .next, .prev:
            return .target(try decoder.container(keyedBy: Key.self).decode(Double.self, forKey: .target))
        case .edit:
            let c = try decoder.container(keyedBy: Key.self)
            return .deck(cards: try c.decode(Int.self, forKey: .cards), front: try c.decode(Int.self, forKey: .front))
        case .tuning(.save):
            return .saved(try SaveResult(from: decoder))
        case .tuning(.history):
            return .history(try HistoryInfo(from: decoder))
        case .tuning(.preset(name: nil)):
            return .presets(try PresetList(from: decoder))
        case .tuning(.export):
            return .exported(try ExportResult(from: decoder))
        case .getSchema:
            return .schema(try SchemaInfo(from: decoder))
        case .setVariants:
            return .variants(try VariantsInfo(from: decoder))
        }
    }
}

extension CodingUserInfoKey {
    /// The requests a reader sent, as `[RequestID: Command]`: ``ServerMessage`` decodes the
    /// `result` of a reply to one of them as that command's ``CommandResult``.
    public static let requests = CodingUserInfoKey(rawValue: "cardstack.requests")!
}
