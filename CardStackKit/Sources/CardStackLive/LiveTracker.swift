import CardLayout
import Foundation

/// The follower's pure core: each JSON line `cardstack web` relays from the daemon in, the
/// updates for the app out. No I/O and no clock: the same value on the phone and in tests.
///
/// Forward-compatible: a key inside a parameter table, a table or an event this package does
/// not know is ignored (the known keys applied) and reported once as a ``LiveUpdate/notice(_:)``;
/// a parameter set that does not decode leaves the last good one in force.
public struct LiveTracker: Sendable {
    /// The ids of the requests the bridge makes for a follower when its stream opens.
    public static let paramsRequestID = "live-params"
    public static let stateRequestID = "live-state"
    public static let subscribeRequestID = "live-subscribe"
    /// The protocol this package speaks (`hello`'s `protocol`).
    public static let protocolVersion = 1

    /// The event names a follower reads, spelled once here: the daemon's, and the bridge's
    /// own `bridge` (docs/protocol.md §5). The root package's CardStackLiveAgreementTests
    /// holds them to the daemon's `EventName`.
    public enum WireEvent: String, Sendable, CaseIterable {
        case hello, frame, params
        case configError = "config_error"
        case state, bye, bridge
    }

    /// The snapshot, once both the parameters and the state have been heard.
    public private(set) var snapshot: LiveSnapshot?
    private var parameters: (revision: Int, value: Parameters)?
    private var state: (offset: Double, deck: Int, animating: Bool, revision: Int)?
    private var reported: Set<String> = []
    /// Whether the move in each frame event's `motion` is kept (``LiveSnapshot/motion``) and
    /// played here, rather than each frame's offset published (``LiveFollower/Options/motion``).
    public let followsMotion: Bool
    private var motion: MotionStart?
    private var clock = LiveClock()
    /// The phone's own Reduce Motion setting (``LiveSnapshot/reduceMotion``).
    public private(set) var reduceMotion: Bool

    public init(motion: Bool = false, reduceMotion: Bool = false) {
        followsMotion = motion
        self.reduceMotion = reduceMotion
    }

    /// The phone's Reduce Motion setting changed (`UIAccessibility.isReduceMotionEnabled`
    /// and its notification on iOS; a value passed in elsewhere): the snapshot lays out the
    /// other variant, published as a change of ``LiveChange/parameters``.
    public mutating func setReduceMotion(_ on: Bool) -> [LiveUpdate] {
        reduceMotion = on
        return publish()
    }

    /// A new stream begins (a reconnection, perhaps to a restarted daemon): what it says
    /// next is heard afresh; ``snapshot`` stays until then.
    public mutating func streamStarted() {
        parameters = nil
        state = nil
        motion = nil
        clock = LiveClock()
    }

    /// A round trip to the daemon's clock (``LiveClock/roundTrip(sent:daemonTime:received:)``):
    /// the snapshot with the new estimate, when it changed.
    public mutating func roundTrip(sent: Double, daemonTime: Double, received: Double) -> [LiveUpdate] {
        clock.roundTrip(sent: sent, daemonTime: daemonTime, received: received)
        return publish()
    }

    /// Takes one relayed line (an event or a reply, without its newline).
    public mutating func take(_ line: String) -> [LiveUpdate] {
        let data = Data(line.utf8)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return once("a line that is not a JSON object was ignored: \(line.prefix(80))")
        }
        let id = object["id"] as? String
        if let event = object["event"] as? String {
            return takeEvent(event, object, data)
        }
        guard object["ok"] as? Bool == true else {
            let error = object["error"] as? [String: Any]
            return once("the daemon refused \(id ?? "a request"): \(error?["message"] as? String ?? line)")
        }
        switch id {
        case Self.paramsRequestID: return takeParams(object["result"], data, reply: true)
        case Self.stateRequestID: return takeState(data, reply: true)
        default: return []
        }
    }

    private mutating func takeEvent(_ event: String, _ object: [String: Any], _ data: Data) -> [LiveUpdate] {
        switch WireEvent(rawValue: event) {
        case .params: return takeParams(object, data, reply: false)
        case .state: return takeState(data, reply: false)
        case .frame:
            guard let frame = try? JSONDecoder().decode(FrameOffset.self, from: data) else {
                return once("a frame event without an offset was ignored")
            }
            guard followsMotion else {
                return move(offset: frame.frame.offset, deck: nil, animating: nil, revision: nil)
            }
            // A frame of the move in force adds nothing once the clock is known: the move is
            // played here. A new move replaces the old one; a frame without one is at rest.
            let same = frame.motion != nil && frame.motion == motion && clock.estimate != nil
            motion = frame.motion
            if same, var s = state {
                s.offset = frame.frame.offset
                state = s
                return []
            }
            return move(offset: frame.frame.offset, deck: nil, animating: nil, revision: nil)
        case .configError:
            let error = (try? JSONDecoder().decode(ConfigErrorMessage.self, from: data))
            return [.configError(error?.text ?? "the parameter file does not load")]
        case .hello:
            let version = object["protocol"] as? Int
            return version == Self.protocolVersion
                ? []
                : once(
                    "the daemon speaks protocol \(version.map(String.init) ?? "?"), this package \(Self.protocolVersion)"
                )
        case .bridge:
            switch object["state"] as? String {
            case "connected": return [.connected]
            case "unavailable": return [.error(.daemonUnavailable(object["message"] as? String ?? "no daemon"))]
            default: return []
            }
        case .bye: return []
        case nil: return once("unknown event \"\(event)\" ignored (a newer daemon?)")
        }
    }

    private mutating func takeParams(_ info: Any?, _ data: Data, reply: Bool) -> [LiveUpdate] {
        let decoded: ParamsMessage?
        if reply {
            decoded = (try? JSONDecoder().decode(ParamsReply.self, from: data))?.result
        } else {
            decoded = try? JSONDecoder().decode(ParamsMessage.self, from: data)
        }
        guard let decoded else {
            return once(
                "a parameter set this package cannot read was ignored; the last good one stays (a newer daemon?)")
        }
        var out: [LiveUpdate] = []
        for key in Self.unknownKeys((info as? [String: Any])?["params"], known: decoded.params) {
            out += once("unknown parameter \(key) ignored (a newer daemon?)")
        }
        let previous = parameters?.value
        parameters = (decoded.revision, decoded.params)
        // A change of the deck's size or titles starts the daemon's deck over.
        if let previous, var s = state,
            previous.layout.cards != decoded.params.layout.cards || previous.card.titles != decoded.params.card.titles
        {
            s.deck = decoded.params.layout.cards
            state = s
        }
        // The daemon's state for this revision follows (its offset may have moved with the
        // spacing): the set is published with it, so no update pairs new parameters with an
        // old offset.
        if let state, state.revision >= decoded.revision { out += publish() }
        return out
    }

    private mutating func takeState(_ data: Data, reply: Bool) -> [LiveUpdate] {
        let decoded =
            reply
            ? (try? JSONDecoder().decode(StateReply.self, from: data))?.result
            : try? JSONDecoder().decode(StateMessage.self, from: data)
        guard let decoded else { return once("a state this package cannot read was ignored") }
        if !decoded.animating { motion = nil }
        return move(
            offset: decoded.offset, deck: decoded.cards, animating: decoded.animating, revision: decoded.revision)
    }

    private mutating func move(offset: Double, deck: Int?, animating: Bool?, revision: Int?) -> [LiveUpdate] {
        let old = state
        let deckSize = deck.flatMap { $0 > 0 ? $0 : nil } ?? old?.deck ?? parameters?.value.layout.cards ?? 1
        state = (offset, deckSize, animating ?? old?.animating ?? false, revision ?? old?.revision ?? 0)
        // Parameters newer than every state heard wait for theirs.
        if let parameters, parameters.revision > state!.revision { return [] }
        return publish()
    }

    /// The snapshot, when parameters and state are both known and it differs from the last.
    private mutating func publish() -> [LiveUpdate] {
        guard let parameters, let state else { return [] }
        let next = LiveSnapshot(
            revision: parameters.revision, parameters: parameters.value, offset: state.offset, deckSize: state.deck,
            animating: state.animating, motion: motion, clock: clock.estimate, reduceMotion: reduceMotion)
        guard let old = snapshot else {
            snapshot = next
            var change: LiveChange = [.parameters, .offset, .deck, .animating]
            if next.motion != nil { change.insert(.motion) }
            if next.clock != nil { change.insert(.clock) }
            return [.changed(next, change)]
        }
        var change: LiveChange = []
        if old.parameters != next.parameters || old.revision != next.revision || old.reduceMotion != next.reduceMotion {
            change.insert(.parameters)
        }
        if old.offset != next.offset { change.insert(.offset) }
        if old.deckSize != next.deckSize { change.insert(.deck) }
        if old.animating != next.animating { change.insert(.animating) }
        if old.motion != next.motion { change.insert(.motion) }
        if old.clock != next.clock { change.insert(.clock) }
        snapshot = next
        return change.isEmpty ? [] : [.changed(next, change)]
    }

    private mutating func once(_ text: String) -> [LiveUpdate] {
        reported.insert(text).inserted ? [.notice(text)] : []
    }

    /// Dotted keys in `raw` (a PARAMS `params` object) that `known` does not hold: keys this
    /// package's ``Parameters`` has no place for. `null` values are left out (an unset option).
    static func unknownKeys(_ raw: Any?, known: Parameters) -> [String] {
        guard let raw = raw as? [String: Any] else { return [] }
        let tables = LiveValue.tables(of: known)
        var unknown: [String] = []
        for (table, value) in raw.sorted(by: { $0.key < $1.key }) {
            guard let keys = value as? [String: Any], let knownKeys = tables[table] else {
                if tables[table] == nil { unknown.append(table) }
                continue
            }
            for (key, value) in keys.sorted(by: { $0.key < $1.key }) where knownKeys[key] == nil && !(value is NSNull) {
                unknown.append("\(table).\(key)")
            }
        }
        return unknown
    }

}
