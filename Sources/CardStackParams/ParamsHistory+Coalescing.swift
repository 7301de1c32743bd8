import CardStackProtocol

extension ParamsHistory {
    /// Which sets may share one history entry: those of one client's drag (the same
    /// `gesture`), or one client's sets without a gesture that come in a burst.
    public struct Coalescing: Sendable, Equatable {
        /// The connection that sent the set.
        public var client: Int
        /// The drag's id from `set_params`' `gesture`, nil for a plain set.
        public var gesture: String?

        public init(client: Int, gesture: String?) {
            self.client = client
            self.gesture = gesture
        }
    }

    /// Whether a set with `key` at `time` joins the newest entry: it was made by a set with
    /// the same key, nothing was put in force since (a load, an undo, a preset), and it is
    /// the same drag, or, without a gesture, it comes within `ParamsGesture.burstWindow`
    /// seconds of the set before.
    func joinsOpenEntry(_ key: Coalescing, at time: Double) -> Bool {
        guard let open, open.key == key, canUndo, !canRedo else { return false }
        if key.gesture != nil { return true }
        return time - open.time <= ParamsGesture.burstWindow && time >= open.time
    }
}
