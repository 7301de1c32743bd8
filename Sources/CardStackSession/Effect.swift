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
    /// Send `client` the frame in force now (it has just subscribed to frames).
    case sendFrame(to: ClientID)
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
