import CardLayout

// The few message shapes a follower reads, decoded from the daemon's own lines (relayed
// unchanged). They are the daemon's PARAMS, STATE and CONFIG_ERROR (docs/protocol.md §5):
// the root package's test CardStackLiveAgreementTests encodes its own values and decodes
// them here, so the two cannot drift apart unnoticed.

/// PARAMS: the fields a follower uses.
struct ParamsMessage: Decodable {
    var revision: Int
    var params: Parameters
}

struct ParamsReply: Decodable {
    var result: ParamsMessage
}

/// STATE: the fields a follower uses (`cards` is absent from older daemons).
struct StateMessage: Decodable {
    var offset: Double
    var front: Int
    var animating: Bool
    var revision: Int
    var cards: Int?
}

struct StateReply: Decodable {
    var result: StateMessage
}

/// A frame event: its offset, and the move it is a point of while one runs.
struct FrameOffset: Decodable {
    struct Offset: Decodable { var offset: Double }
    var frame: Offset
    var motion: MotionStart?
}

/// CONFIG_ERROR.
struct ConfigErrorMessage: Decodable {
    var path: String?
    var line: Int?
    var column: Int?
    var message: String

    /// `path:line:column: message`, as far as known.
    var text: String {
        var place = path ?? ""
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return place.isEmpty ? message : "\(place): \(message)"
    }
}
