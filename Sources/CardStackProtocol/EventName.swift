/// Every event's wire name (the `event` key of a line that is not a reply), spelled here
/// once: ``ServerMessage`` writes and reads its events by these, ``EventKind`` names the
/// events a client can subscribe to with them, and `cardstack web` marks its own messages
/// with ``bridge``.
public enum EventName: String, Sendable, CaseIterable, Codable {
    case hello, frame, params
    case configError = "config_error"
    case state, bye
    /// A grid's cells' sets, to the client that asked for the grid (`set_variants`).
    case variants
    /// The web bridge's own messages to the page (`connected`, `unavailable`, `closed`):
    /// never the daemon's.
    case bridge
}

/// The events a client can subscribe to, by their ``EventName``.
public enum EventKind: Sendable, Hashable, Codable, CaseIterable, RawRepresentable {
    case frame, params, configError, state

    /// This kind's event name.
    public var name: EventName {
        switch self {
        case .frame: .frame
        case .params: .params
        case .configError: .configError
        case .state: .state
        }
    }

    /// This kind's wire name, as `subscribe` takes it and its reply lists it.
    public var rawValue: String { name.rawValue }

    /// The kind named `rawValue`, or nil for a name that is no subscribable event.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let name = try c.decode(String.self)
        guard let kind = Self(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "Cannot initialize EventKind from invalid String value \(name)")
        }
        self = kind
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}
