import CardStackProtocol
import CardStackSystem

/// The daemon's limits and socket settings, with the defaults docs/protocol.md documents.
public struct ServerConfiguration: Sendable {
    /// Where to listen (ignored when systemd hands over a socket).
    public var socketPath: String
    /// The socket file's mode, applied through the umask at creation.
    public var socketMode: UInt32 = 0o600
    /// Request lines longer than this get `line_too_long` and the connection ends.
    public var maximumLineBytes = WireProtocol.maximumRequestLineBytes
    /// Replies and events (never dropped) a client may leave unread: when more wait as
    /// another is due, it is disconnected as too far behind (one larger message always
    /// goes out). Frames don't count: an unread frame is replaced.
    public var maximumBacklogBytes = 1 << 20
    /// Bytes waiting in NIO's buffer for a client beyond which new frames are parked
    /// (newest wins) rather than queued: a few frames' worth.
    public var frameWatermark = 16 * 1024
    /// Requests of one client worked on in one turn of the event loop; the rest wait for the
    /// next turn, after the loop has read every other client again (and the client is not
    /// read meanwhile). Requests of a peer that closed and only ask do not count: they are
    /// dropped.
    public var requestsPerTurn = 8
    /// A client's turn also ends once its replies in that turn reach this many bytes: the
    /// work of a turn follows what it writes (`export` and `get_schema` are kept written, so
    /// copying them out is their cost), and a round over every client stays short.
    public var replyBytesPerTurn = 16 * 1024
    /// The bounds of resolving and checking the look's images (`card.images`), on a thread
    /// of their own.
    public var imageLimits = LookImageFile.Limits()
    /// Peers with these uids may connect besides the daemon's own uid and root.
    public var allowedUIDs: Set<UInt32> = []
    /// Peers whose primary group is one of these may connect.
    public var allowedGIDs: Set<UInt32> = []
    /// Reported in `hello`.
    public var version: String

    public init(socketPath: String, version: String) {
        self.socketPath = socketPath
        self.version = version
    }
}
