import CardLayout

/// The circle reveal in the session: which item, where its circle is centred, and the motion
/// of its radius (in points, so a spring settles within 0.001 pt like every move).
struct SessionReveal: Sendable {
    var item: Int
    /// The item's card centre, kept from the last frame that drew the card.
    var center: Point
    /// The covering radius when the move started: the motion's unit for progress 1.
    var scale: Double
    /// Progress now: 0 closed, 1 open.
    var progress: Double
    /// The move in progress (nil while it rests open) and when it started (session time).
    var motion: Motion?
    var start: Double

    /// Whether the move in progress closes it.
    var closing: Bool { motion.map { $0.to == 0 } ?? false }
}
