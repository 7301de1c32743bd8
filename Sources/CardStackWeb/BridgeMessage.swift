import CardStackProtocol
import CardStackWire

/// What the bridge itself says to a page, written by the wire encoder: its own
/// `{"event":"bridge",…}` messages, and the daemon's error reply shape for a page message it
/// does not pass on.
enum BridgeMessage {
    /// Where the bridge's link to the daemon stands.
    enum State: String, Encodable {
        /// The daemon answered.
        case connected
        /// The daemon did not answer (`message` says why); the page tries again.
        case unavailable
        /// The daemon went.
        case closed
    }

    /// `{"event":"bridge","state":STATE,"socket":PATH}`, and `"message"` when given.
    static func event(_ state: State, socket: String, message: String? = nil) -> String {
        text(Event(state: state, socket: socket, message: message))
    }

    /// `{"id":null,"ok":false,"error":{"code":CODE,"message":MESSAGE}}`: a reply to a page
    /// message the bridge refused, shaped as the daemon's own.
    static func refusal(_ code: ErrorCode, _ message: String) -> String {
        text(Reply<CommandResult>(id: nil, error: WireError(code, message)))
    }

    /// The request lines, newline ended, in `requests`' order.
    static func lines(_ requests: [Request]) -> String {
        requests.map { text($0) + "\n" }.joined()
    }

    private struct Event: Encodable {
        var state: State
        var socket: String
        var message: String?

        enum CodingKeys: String, CodingKey { case event, state, socket, message }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(EventName.bridge, forKey: .event)
            try c.encode(state, forKey: .state)
            try c.encode(socket, forKey: .socket)
            try c.encodeIfPresent(message, forKey: .message)
        }
    }

    /// `value` as one line of JSON. Only a non-finite number makes the encoder throw, and
    /// these hold strings, integers and booleans.
    private static func text(_ value: some Encodable) -> String {
        String(decoding: (try? WireJSON.encode(value)) ?? [], as: UTF8.self)
    }
}
