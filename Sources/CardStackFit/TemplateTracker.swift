/// Follows one point through the frames of a clip by template matching: the patch around
/// the point in the first frame is looked for near where the point was last seen (the sum
/// of squared grey differences, smallest wins), refined to a fraction of a pixel by a
/// parabola through the costs around the best whole pixel. Screen recordings are sharp
/// and flat-lit, which is where this simple tracker is enough (docs/fit.md).
public struct TemplateTracker: Sendable {
    /// Half the template's side, in pixels.
    public var radius: Int
    /// How far from the prediction a frame is searched, in pixels.
    public var reach: Int

    public init(radius: Int = 6, reach: Int = 16) {
        self.radius = radius
        self.reach = reach
    }

    /// The point in every frame, starting at `start` (pixels) in `frames[0]`.
    ///
    /// - Parameter warp: the template to look for near a predicted place (the first
    ///   frame's patch as it should look there: a card turning in depth changes its shape);
    ///   nil, or a nil answer, keeps the first frame's patch as it is.
    public func track(
        _ frames: [GreyFrame], from start: (x: Double, y: Double),
        warp: (@Sendable ((x: Double, y: Double)) -> [Double]?)? = nil
    ) -> [(x: Double, y: Double)] {
        guard let first = frames.first else { return [] }
        var template: [Double] = []
        for dy in -radius...radius {
            for dx in -radius...radius { template.append(first.sample(start.x + Double(dx), start.y + Double(dy))) }
        }
        var out = [start]
        var velocity = (x: 0.0, y: 0.0)
        for frame in frames.dropFirst() {
            let last = out[out.count - 1]
            let predicted = (x: last.x + velocity.x, y: last.y + velocity.y)
            let found = match(warp?(predicted) ?? template, in: frame, near: predicted)
            velocity = (found.x - last.x, found.y - last.y)
            out.append(found)
        }
        return out
    }

    func cost(_ template: [Double], _ frame: GreyFrame, _ cx: Double, _ cy: Double) -> Double {
        var sum = 0.0
        var i = 0
        for dy in -radius...radius {
            for dx in -radius...radius {
                let d = frame.sample(cx + Double(dx), cy + Double(dy)) - template[i]
                sum += d * d
                i += 1
            }
        }
        return sum
    }

    func match(_ template: [Double], in frame: GreyFrame, near p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        var best = (dx: 0, dy: 0, cost: Double.infinity)
        for dy in -reach...reach {
            for dx in -reach...reach {
                let c = cost(template, frame, p.x + Double(dx), p.y + Double(dy))
                // Ties go to the smaller step: a flat patch stays where it was predicted.
                if c < best.cost || (c == best.cost && dx * dx + dy * dy < best.dx * best.dx + best.dy * best.dy) {
                    best = (dx, dy, c)
                }
            }
        }
        let x = p.x + Double(best.dx)
        let y = p.y + Double(best.dy)
        func vertex(_ minus: Double, _ centre: Double, _ plus: Double) -> Double {
            let curvature = minus - 2 * centre + plus
            return curvature > 0 ? min(max((minus - plus) / (2 * curvature), -0.5), 0.5) : 0
        }
        let fx = vertex(cost(template, frame, x - 1, y), best.cost, cost(template, frame, x + 1, y))
        let fy = vertex(cost(template, frame, x, y - 1), best.cost, cost(template, frame, x, y + 1))
        return (x + fx, y + fy)
    }
}
