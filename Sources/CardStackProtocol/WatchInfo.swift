/// How the daemon watches its parameter file (`get_state`'s `watch`): `inotify` alone, or
/// `poll` (a look at the file every `interval_ms`, with inotify beside it where it runs),
/// and why, in words.
public struct WatchInfo: Sendable, Equatable, Codable {
    /// `inotify` or `poll`.
    public var mode: String
    public var reason: String
    /// How often the file is looked at, in milliseconds, while polling.
    public var intervalMilliseconds: Int?

    public init(mode: String, reason: String, intervalMilliseconds: Int? = nil) {
        self.mode = mode
        self.reason = reason
        self.intervalMilliseconds = intervalMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case mode, reason
        case intervalMilliseconds = "interval_ms"
    }
}
