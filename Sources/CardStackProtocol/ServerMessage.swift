/// Every line the server sends: a reply, or an event named by its `event` key.
///
/// A reply's `result` is decoded as the ``CommandResult`` of the command its id answers,
/// when the decoder's `userInfo[.requests]` names it (``WireJSON/decode(_:from:requests:)``);
/// otherwise the reply keeps its id and error and no result.
public enum ServerMessage: Sendable, Equatable, Codable {
    case reply(Reply<CommandResult>)
    case hello(Hello)
    case frame(FrameEvent)
    case params(ParamsInfo)
    case configError(ConfigError)
    case state(StateInfo)
    case bye(reason: String)
    /// To a grid's client alone, when its cells' sets change (docs/protocol.md, "Variants").
    case variants(VariantsInfo)

    enum EventKey: String, CodingKey { case event, reason }

    /// The event's name, or nil for a reply.
    public var event: EventName? {
        switch self {
        case .reply: nil
        case .hello: .hello
        case .frame: .frame
        case .params: .params
        case .configError: .configError
        case .state: .state
        case .bye: .bye
        case .variants: .variants
        }
    }

    /// The `event` name, or nil for a reply.
    public var eventName: String? { event?.rawValue }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: EventKey.self)
        guard let event = try c.decodeIfPresent(String.self, forKey: .event) else {
            self = .reply(try Self.reply(from: decoder))
            return
        }
        switch EventName(rawValue: event) {
        case .hello?: self = .hello(try Hello(from: decoder))
        case .frame?: self = .frame(try FrameEvent(from: decoder))
        case .params?: self = .params(try ParamsInfo(from: decoder))
        case .configError?: self = .configError(try ConfigError(from: decoder))
        case .state?: self = .state(try StateInfo(from: decoder))
        case .bye?: self = .bye(reason: try c.decode(String.self, forKey: .reason))
        case .variants?: self = .variants(try VariantsInfo(from: decoder))
        case .bridge?, nil:
            throw DecodingError.dataCorruptedError(
                forKey: .event, in: c, debugDescription: "unknown event \(event)")
        }
    }

    /// A reply, its result typed by the request it answers.
    static func reply(from decoder: any Decoder) throws -> Reply<CommandResult> {
        typealias Key = Reply<CommandResult>.CodingKeys
        let c = try decoder.container(keyedBy: Key.self)
        let id = try c.decodeIfPresent(RequestID.self, forKey: .id)
        guard try c.decode(Bool.self, forKey: .ok) else {
            return Reply(id: id, error: try c.decode(WireError.self, forKey: .error))
        }
        let requests = decoder.userInfo[.requests] as? [RequestID: Command] ?? [:]
        guard let id, let command = requests[id], c.contains(.result) else { return Reply(id: id) }
        return Reply(id: id, result: try command.decodeResult(from: try c.superDecoder(forKey: .result)))
    }

    public func encode(to encoder: any Encoder) throws {
        if let event {
            var c = encoder.container(keyedBy: EventKey.self)
            try c.encode(event, forKey: .event)
        }
        switch self {
        case .reply(let r): try r.encode(to: encoder)
        case .hello(let h): try h.encode(to: encoder)
        case .frame(let f): try f.encode(to: encoder)
        case .params(let p): try p.encode(to: encoder)
        case .configError(let e): try e.encode(to: encoder)
        case .state(let s): try s.encode(to: encoder)
        case .variants(let v): try v.encode(to: encoder)
        case .bye(let reason):
            var c = encoder.container(keyedBy: EventKey.self)
            try c.encode(reason, forKey: .reason)
        }
    }
}
