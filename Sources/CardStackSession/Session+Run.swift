import CardLayout
import CardStackParams
import CardStackProtocol

extension Session {
    /// The frames the daemon would send for one command given to a session of `tree` that
    /// stands at `offset`: a fresh session of those parameters, the command applied at time
    /// 0 and every tick run at the time it is due, until nothing moves. This is the daemon's
    /// own code path with an ideal clock, so `cardstack render --vary` and `plot --vary`
    /// draw exactly what a daemon with those values shows (docs/render.md).
    ///
    /// The first frame is the session at rest at time 0, before the command; `maximumFrames`
    /// bounds a motion that would not end.
    public static func run(
        _ command: Command, tree: ParamNode, resolved: Resolved, offset: Double = 0, maximumFrames: Int = 36_000
    ) throws(WireError) -> [FrameEvent] {
        var session = Session(version: "", path: nil, initial: .loaded(tree: tree, resolved: resolved))
        guard let client = session.join() else { return [] }
        var frames: [FrameEvent] = []
        func collect(_ effects: [Effect]) {
            for case .publishFrame(let event, _) in effects { frames.append(event) }
        }
        if offset != 0 {
            collect(session.apply(.scrollTo(offset: offset, animated: false), from: client, at: 0).effects)
        }
        frames = [session.frameEvent]
        let (reply, effects) = session.apply(command, from: client, at: 0)
        if case .failure(let error) = reply { throw error }
        collect(effects)
        while let due = session.tickDue, frames.count < maximumFrames {
            collect(session.tick(at: due))
        }
        return frames
    }
}
