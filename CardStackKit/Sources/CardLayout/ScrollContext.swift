/// State a style's original keeps besides the scroll offset, handed to the layout for one
/// frame. The daemon keeps it (``ScrollMemory``); ``resting`` is what a frame computed
/// without a daemon uses (`cardstack frame`), the settled form every style had before.
public struct ScrollContext: Sendable, Equatable {
    /// CoverFlow2's `toggle` g in [-1, 1] (docs/layouts.md §2.4), or nil for the form iCarousel
    /// draws while animating (each item's own clamped offset: exactly cover flow).
    public var coverFlowToggle: Double?
    /// The iOS 7 switcher's current card (a deck item), or nil for the nearest page.
    public var switcherCurrent: Int?
    /// A deck edit being animated, or nil.
    public var transition: DeckTransition?

    public init(coverFlowToggle: Double? = nil, switcherCurrent: Int? = nil, transition: DeckTransition? = nil) {
        self.coverFlowToggle = coverFlowToggle
        self.switcherCurrent = switcherCurrent
        self.transition = transition
    }

    /// No state: every style in its settled form.
    public static let resting = ScrollContext()

    /// How far the card at deck position `item` is from its place (see ``DeckTransition``).
    public func shift(of item: Int) -> Double {
        transition?.shift(of: item) ?? 0
    }

    /// How many extra cards each side a layout window must take in while a transition runs.
    public var reach: Int { transition?.reach ?? 0 }
}
