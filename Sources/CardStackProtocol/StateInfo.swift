/// `get_state`'s result and the `state` event.
public struct StateInfo: Sendable, Equatable, Codable {
    public var offset: Double
    public var front: Int
    public var animating: Bool
    public var clients: Int
    public var revision: Int
    public var framesSent: Int
    public var uptime: Double
    /// The deck's size: `layout.cards` until deck edits change it.
    public var cards: Int
    /// How the parameter file is watched (added in round 4; an older daemon does not send it).
    public var watch: WatchInfo?

    public init(
        offset: Double, front: Int, animating: Bool, clients: Int, revision: Int, framesSent: Int, uptime: Double,
        cards: Int = 1, watch: WatchInfo? = nil
    ) {
        self.offset = offset
        self.front = front
        self.animating = animating
        self.clients = clients
        self.revision = revision
        self.framesSent = framesSent
        self.uptime = uptime
        self.cards = cards
        self.watch = watch
    }

    enum CodingKeys: String, CodingKey {
        case offset, front, animating, clients, revision
        case framesSent = "frames_sent"
        case uptime = "uptime_s"
        case cards, watch
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        offset = try c.decode(Double.self, forKey: .offset)
        front = try c.decode(Int.self, forKey: .front)
        animating = try c.decode(Bool.self, forKey: .animating)
        clients = try c.decode(Int.self, forKey: .clients)
        revision = try c.decode(Int.self, forKey: .revision)
        framesSent = try c.decode(Int.self, forKey: .framesSent)
        uptime = try c.decode(Double.self, forKey: .uptime)
        // Added after protocol 1 first shipped: an older daemon does not send it.
        cards = try c.decodeIfPresent(Int.self, forKey: .cards) ?? 0
        watch = try c.decodeIfPresent(WatchInfo.self, forKey: .watch)
    }
}
