import CardLayout

extension ClipFit {
    /// A card whose outline the clip does not show where the layout puts it, at rest: of
    /// the cards drawn at `offset` with at least 24 points of outline in sight, the one whose
    /// outline reads weakest in `frame`, when it reads under a quarter of the strongest
    /// card's and under ``weakestOutline`` (docs/fit.md, "The clip's layout"). Nil when every
    /// card's outline is where the layout draws it.
    public func misplacedCard(in frame: GreyFrame, at offset: Double, _ mapping: StageMapping) -> (
        item: Int, strength: Double, strongest: Double
    )? {
        let tracker = OutlineTracker(parameters: parameters, mapping: mapping, from: from, to: to)
        let read = tracker.cards(offset, OutlineTracker.Edges(frame)).filter { $0.count >= 24 }
            .map { (item: $0.item, strength: $0.sum / Double($0.count)) }
        guard let strongest = read.map(\.strength).max(),
            let weakest = read.min(by: { $0.strength < $1.strength }),
            weakest.strength < min(Self.weakestOutline, strongest / 4)
        else { return nil }
        return (weakest.item, weakest.strength, strongest)
    }
}
