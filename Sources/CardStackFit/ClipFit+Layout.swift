import CardLayout

extension ClipFit {
    /// A card whose outline `frame` does not show where the layout puts it, at whatever
    /// offset of the move (``OutlineTracker/range``, the move with 30 % either side) the
    /// cards' outlines read best in it: of the opaque cards drawn there with at least 24 points of
    /// outline in sight, the one whose outline reads weakest, when it reads under a quarter
    /// of the strongest card's and under ``weakestOutline`` (docs/fit.md, "The clip's
    /// layout"). Nil when every card's outline is where the layout draws it.
    ///
    /// No timing enters, and nothing tracked: a frame mid-move is read at its own offset,
    /// and a point the tracker lost does not hide a layout that differs.
    public func misplacedCard(in frame: GreyFrame, _ mapping: StageMapping) -> (
        item: Int, strength: Double, strongest: Double
    )? {
        let tracker = OutlineTracker(parameters: parameters, mapping: mapping, from: from, to: to)
        let edges = OutlineTracker.Edges(frame)
        let range = tracker.range
        let offset = tracker.best(
            edges, around: (range.lowerBound + range.upperBound) / 2,
            window: (range.upperBound - range.lowerBound) / 2, pixelsPerOffset: tracker.pixelsPerOffset
        ).offset
        // Opaque cards only: a faded card's edge reads as faint as its alpha (a flip deck's
        // cards behind, over pictures of like greys).
        let opaque = Set(Layout.frame(parameters, offset: offset).cards.filter { $0.alpha >= 0.95 }.map(\.item))
        let read = tracker.cards(offset, edges).filter { $0.count >= 24 && opaque.contains($0.item) }
            .map { (item: $0.item, strength: $0.sum / Double($0.count)) }
        guard let strongest = read.map(\.strength).max(),
            let weakest = read.min(by: { $0.strength < $1.strength }),
            weakest.strength < min(Self.weakestOutline, strongest / 4)
        else { return nil }
        return (weakest.item, weakest.strength, strongest)
    }
}
