import CardLayout

extension ClipFit {
    /// The template of `point` as the layout says it looks near a predicted clip place: the
    /// card's offset is taken as the one (of a fine grid over the move, with room for an
    /// overshoot) that puts the point nearest there, and each template pixel is carried
    /// through the card's homography at that offset back to the card at `from`, where the
    /// first frame is read. A card that turns in depth then keeps its template's shape, and
    /// a point by an edge does not slide along it (docs/fit.md, "Tracking").
    static func warp(
        _ point: CardPoint, _ parameters: Parameters, from: Double, to: Double, _ mapping: StageMapping,
        _ first: GreyFrame, _ radius: Int
    ) -> (@Sendable ((x: Double, y: Double)) -> [Double]?)? {
        guard let home = Layout.frame(parameters, offset: from).cards.first(where: { $0.item == point.item }),
            let start = home.quad.flatMap(Homography.init(squareTo:))
        else { return nil }
        var poses: [(at: Point, map: Homography)] = []
        for j in 0...160 {
            let offset = from + (to - from) * (-0.3 + 1.6 * Double(j) / 160)
            let frame = Layout.frame(parameters, offset: offset)
            guard let card = frame.cards.first(where: { $0.item == point.item }),
                let h = card.quad.flatMap(Homography.init(squareTo:)),
                let at = point.position(in: frame)
            else { continue }
            poses.append((at, start.after(h.inverse)))
        }
        guard !poses.isEmpty else { return nil }
        let table = poses
        return { predicted in
            let s = mapping.stage(predicted.x, predicted.y)
            let pose = table.min { distance($0.at, Point(s.x, s.y)) < distance($1.at, Point(s.x, s.y)) }!
            var template: [Double] = []
            template.reserveCapacity((2 * radius + 1) * (2 * radius + 1))
            for dy in -radius...radius {
                for dx in -radius...radius {
                    let x = pose.at.x + Double(dx) / mapping.scale
                    let y = pose.at.y + Double(dy) / mapping.scale
                    guard let back = pose.map.apply(Point(x, y)) else { return nil }
                    let q = mapping.clip((back.x, back.y))
                    template.append(first.sample(q.x, q.y))
                }
            }
            return template
        }
    }
}
