import CardLayout
import CardStackProtocol

/// Everything the terminal viewer knows, updated from the daemon's messages.
///
/// A pure value: it never touches the socket or the terminal, and every time is passed in
/// (monotonic seconds), so the viewer's behaviour can be tested message by message.
public struct ViewerState: Sendable {
    /// The request id of the `get_params` the viewer sends on connect.
    public static let paramsRequestID = RequestID.string("view-params")
    /// The request id of a `save` sent from the viewer (`w`), whose reply is shown.
    public static let saveRequestID = RequestID.string("view-save")
    /// The request id of the `get_state` the viewer sends on connect (the deck's size).
    public static let stateRequestID = RequestID.string("view-state")
    /// The commands the viewer sends under its own ids, whose replies it reads.
    public static let requests: [RequestID: Command] = [
        paramsRequestID: .getParams, saveRequestID: .tuning(.save), stateRequestID: .getState,
    ]
    /// The frame rate is measured over this many seconds.
    public static let rateWindow = 0.5
    /// How long a refused command's message stays in the status line, in seconds.
    public static let noticeDuration = 5.0

    /// The parameters in force (from `get_params` and `params` events).
    public private(set) var params: ParamsInfo?
    /// The newest frame.
    public private(set) var frame: FrameEvent?
    /// The deck's size from the newest `state` event (deck edits change it).
    public private(set) var deckSize: Int?
    /// The unresolved reload error, shown as a banner.
    public private(set) var configError: ConfigError?
    /// False while the daemon is gone.
    public var connected = true
    /// Frames the daemon skipped for this client (gaps in `seq`).
    public private(set) var skipped = 0
    /// Whether the key list is drawn over the cards.
    public var showHelp = false
    /// A short message for the status line (a refused command, a save), until when, and
    /// whether it reports an error.
    public private(set) var notice: (text: String, until: Double, isError: Bool)?
    /// Shown first in the live status line while a recording plays (`view --replay`).
    public var replayStatus: String?
    /// The status panel's change highlighting.
    public private(set) var status = StatusLine()
    private var lastSeq: Int?
    /// When recent frames arrived, for the frame rate.
    private var arrivals: [Double] = []

    /// A viewer that has heard nothing yet.
    public init() {}

    /// Applies one server message received at `now`.
    public mutating func receive(_ message: ServerMessage, now: Double) {
        switch message {
        case .frame(let event):
            if let lastSeq, event.seq > lastSeq + 1 { skipped += event.seq - lastSeq - 1 }
            lastSeq = event.seq
            arrivals.append(now)
            arrivals.removeAll { $0 <= now - Self.rateWindow }
            frame = event
        case .params(let info):
            apply(info, now: now)
        case .configError(let error):
            configError = error
        case .reply(let reply):
            if let error = reply.error {
                notice = ("\(error.code.rawValue): \(error.message)", now + Self.noticeDuration, true)
            } else {
                switch reply.result {
                case .params(let info)?:
                    apply(info, now: now)
                case .saved(let saved)?:
                    notice = (
                        saved.written ? "saved \(saved.changed.joined(separator: ", "))" : "nothing to save",
                        now + Self.noticeDuration, false
                    )
                case .state(let info)?:
                    deckSize = info.cards > 0 ? info.cards : nil
                default:
                    break
                }
            }
        case .state(let info):
            deckSize = info.cards > 0 ? info.cards : nil
        case .hello, .bye, .variants:
            break
        }
        status.observe(statusFields(now: now).flatMap { $0 }, now: now)
    }

    /// Forgets per-connection counters after a reconnect (the new daemon's `seq` starts over).
    public mutating func connectionOpened() {
        connected = true
        lastSeq = nil
        arrivals = []
    }

    /// Shows `text` in the status line for a while.
    public mutating func note(_ text: String, now: Double) {
        notice = (text, now + Self.noticeDuration, true)
    }

    /// The rate frames arrived at over the last ``rateWindow`` seconds before `now`: the
    /// frames in that window over the time they span (frames 1/60 s apart read 60), or
    /// twice their count when there are fewer than two; 0 once none came for that long.
    public func framesPerSecond(now: Double) -> Int {
        let recent = arrivals.filter { $0 > now - Self.rateWindow && $0 <= now }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last > first else {
            return Int((Double(recent.count) / Self.rateWindow).rounded())
        }
        return Int((Double(recent.count - 1) / (last - first)).rounded())
    }

    /// The key bindings for the parameters in force.
    public var keyMap: KeyMap {
        let p = params?.params ?? Parameters()
        var map = KeyMap(spacing: p.layout.spacing, cards: deckSize ?? p.layout.cards, front: frame?.frame.front ?? 0)
        map.revealOpen = frame?.frame.reveal != nil
        map.reduceMotion = p.animation.reduceMotion
        return map
    }

    /// The two status lines' fields: parameters (the deck's size as edited, values from
    /// `set` marked with `*`), then live values and where the parameters come from.
    public func statusFields(now: Double) -> [[StatusField]] {
        let paramsLine =
            params.map { info in
                var shown = info.params
                if let deckSize { shown.layout.cards = deckSize }
                let set = Set(info.overridden)
                return StatusLine.paramsFields(shown, marked: set)
            } ?? [StatusField("waiting", "waiting for parameters…", tracked: false)]
        let live = StatusLine.runtimeFields(
            revision: frame?.revision ?? params?.revision, offset: frame?.frame.offset, front: frame?.frame.front,
            fps: framesPerSecond(now: now), skipped: skipped)
        return [paramsLine, live + (params.map { [StatusLine.sourceField($0)] } ?? [])]
    }

    /// The notice's message, while it is fresh.
    public func activeNotice(now: Double) -> String? {
        notice.flatMap { now < $0.until ? $0.text : nil }
    }

    /// The fresh notice as the status line shows it: errors say so.
    public func noticeLine(now: Double) -> String? {
        guard let notice, now < notice.until else { return nil }
        return notice.isError ? "error: \(notice.text)" : notice.text
    }

    private mutating func apply(_ info: ParamsInfo, now: Double) {
        params = info
        configError = info.error
    }
}
