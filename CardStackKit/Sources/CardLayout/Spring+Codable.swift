/// A spring on the wire (`get_params`' `animation.spring`, docs/protocol.md §5.2): the motion's
/// `damping_ratio` and `response`, then the dialect it was written in and its readings in the
/// others: `duration` and `bounce` (iOS 17), `mass`, `stiffness` and `damping` (UIKit, Core
/// Animation). A client that knows only the first two reads them as before.
extension Spring: Codable {
    enum CodingKeys: String, CodingKey {
        case dampingRatio = "damping_ratio"
        case response, dialect, duration, bounce, mass, stiffness, damping
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dampingRatio, forKey: .dampingRatio)
        try c.encode(response, forKey: .response)
        try c.encode(written.dialect, forKey: .dialect)
        try c.encode(duration, forKey: .duration)
        try c.encode(bounce, forKey: .bounce)
        try c.encode(mass, forKey: .mass)
        try c.encode(stiffness, forKey: .stiffness)
        try c.encode(damping, forKey: .damping)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            dampingRatio: try c.decode(Double.self, forKey: .dampingRatio),
            response: try c.decode(Double.self, forKey: .response))
        switch try c.decodeIfPresent(String.self, forKey: .dialect) {
        case "duration_bounce"?:
            written = .durationBounce(
                duration: try c.decode(Double.self, forKey: .duration),
                bounce: try c.decode(Double.self, forKey: .bounce))
        case "mass_stiffness_damping"?:
            written = .physical(
                mass: try c.decode(Double.self, forKey: .mass),
                stiffness: try c.decode(Double.self, forKey: .stiffness),
                damping: try c.decode(Double.self, forKey: .damping))
        case let name? where Spring.named.contains { $0.name == name }:
            written = .named(name)
        default:
            written = .dampingRatio
        }
    }
}
