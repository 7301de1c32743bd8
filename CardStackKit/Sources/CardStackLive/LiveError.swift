/// What went wrong between an app and `cardstack web`, as a value the app can show.
public enum LiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one `cardstack web` printed (`http://HOST:PORT/?token=…`).
    case badURL(String)
    /// The bridge refused the request (HTTP 403): a wrong or missing token, or a `Host` it does
    /// not listen on. The bridge's own sentence says which. Not retried.
    case refused(String)
    /// No answer from the host: the bridge is not running there, or the network is down.
    case unreachable(String)
    /// The stream ended after it was up (the bridge stopped, the network went); the
    /// follower reconnects and keeps the last good parameters meanwhile.
    case dropped(String)
    /// The bridge is up but its daemon is not (`cardstack web` could not reach its socket).
    case daemonUnavailable(String)
    /// The bridge answered, but not as expected (another status, a body that is not JSON).
    case unexpected(String)
    /// The daemon refused a command: its error code and message.
    case commandFailed(code: String, message: String)

    public var description: String {
        switch self {
        case .badURL(let why): "bad URL: \(why)"
        case .refused(let why): "refused by cardstack web: \(why)"
        case .unreachable(let why): "cannot reach cardstack web: \(why)"
        case .dropped(let why): "connection to cardstack web dropped: \(why)"
        case .daemonUnavailable(let why): "cardstack web has no daemon: \(why)"
        case .unexpected(let why): "unexpected answer from cardstack web: \(why)"
        case .commandFailed(let code, let message): "the daemon refused the command (\(code)): \(message)"
        }
    }
}
