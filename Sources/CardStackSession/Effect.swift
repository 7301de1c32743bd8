import CardLayout
import CardStackParams
import CardStackProtocol

/// A connected client, as the session knows it.
public typealias ClientID = Int

/// What the session asks its driver to do after a command, a tick or a reload: the only
/// way anything leaves the session. The driver carries them out in order, after the reply.
public enum Effect: Sendable, Equatable {
    /// Offer this frame event to every frame subscriber, encoded once. `nextComing`: a tick
    /// is scheduled, so a subscriber whose socket is full can wait for that frame.
    case publishFrame(FrameEvent, nextComing: Bool)
    /// Lay the cards out again (``Session/layOut(at:)``) and carry out what that emits, in
    /// place of this effect. New parameters ask for it after their `params` event, so that
    /// event goes out before the frame is computed.
    case layOut
    /// Send the session's `state` (``Session/state(at:)``) to its subscribers.
    case publishState
    /// Send the session's `params` (``Session/paramsInfo``) to its subscribers.
    case publishParams
    /// Send this `config_error` event to its subscribers.
    case publishConfigError(ConfigError)
    /// Call ``Session/tick(at:)`` at this session time (or at once if it has passed).
    case scheduleTick(at: Double)
    /// Forget the scheduled tick: nothing moves any more. Frames parked for it go out now.
    case cancelTick
    /// Send `client` the frame in force now (it has just subscribed to frames, or its
    /// grid changed).
    case sendFrame(to: ClientID)
    /// Offer `client` the frame in force with its grid's newest frames: only its cells
    /// moved this tick (``Session/frameEvent(for:)``).
    case publishGridFrame(to: ClientID, nextComing: Bool)
    /// Send `client` its grid's sets (the `variants` event, ``Session/variantsInfo(of:)``).
    case sendVariants(to: ClientID)
    /// `save`'s file work: check the file still holds `plan.expected` and write
    /// `plan.bytes` in its place, then hand the outcome to ``Session/finishSave(_:outcome:for:at:)``,
    /// whose reply goes to `requester`.
    case save(SavePlan, for: Requester)
    /// `preset`'s file work: list the presets (`name` nil) or read and validate preset
    /// `name`, then hand the outcome to ``Session/finishPreset(_:for:at:)``, whose reply goes
    /// to `requester`.
    case readPreset(name: String?, for: Requester)
    /// `export`'s text: the values in force as `format`, posed at `offset`, written by the
    /// driver (CardStackExport) and sent to `requester` as the reply.
    case export(ExportFormat, at: Double, options: ExportOptions, for: Requester)
    /// Say `bye` with this reason to `client` and close it.
    case close(ClientID, reason: String)
    /// The revision, the clients or the error changed (systemd's STATUS line).
    case statusChanged
    /// A line for the daemon's log.
    case log(LogLevel, String)
}

/// How much a ``Effect/log(_:_:)`` line matters.
public enum LogLevel: Sendable, Equatable {
    case debug, info, warning, error
}

/// Who a reply that waits for the driver's file work goes to.
public struct Requester: Sendable, Equatable {
    public let client: ClientID
    public let request: RequestID?

    public init(client: ClientID, request: RequestID?) {
        self.client = client
        self.request = request
    }
}

/// What `save` is to write: the session decides it, the driver writes it.
public struct SavePlan: Sendable, Equatable {
    public let path: String
    /// The new content; equal to `expected` when nothing in force differs from the file.
    public let bytes: [UInt8]
    /// What the file must still hold: the content the session loaded or last saved.
    public let expected: [UInt8]
    /// The dotted keys whose values change in the file.
    public let changed: [String]
}

/// How `save`'s file work ended.
public enum SaveOutcome: Sendable, Equatable {
    /// The new content is in place at this path (the file, after following links).
    case written(String)
    /// Nothing differed; the file at this path still holds what was loaded.
    case unchanged(String)
}

/// What `preset`'s file work found.
public enum PresetOutcome: Sendable, Equatable {
    case list(PresetList)
    /// Preset's tree and parameters, taken alone (every key it leaves out takes its
    /// style's own default).
    case loaded(tree: ParamNode, parameters: Parameters)
}
