/// One phase of a finger on the deck (`drag`, docs/protocol.md §4): UIPanGestureRecognizer's
/// `began`, `changed` and `ended`.
public enum DragPhase: Sendable, Equatable {
    /// The finger touches the deck: a move or bounce under way stops where it is.
    case began
    /// The finger moved `by` points in the offset's direction since the last phase.
    case changed(by: Double)
    /// The finger lets go at `velocity` points per second, in the offset's direction.
    case ended(velocity: Double)

    /// The phases' wire names (`phase`), spelled here once.
    public static let names = ["began", "changed", "ended"]

    /// This phase's wire name.
    public var name: String {
        switch self {
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        }
    }
}
