import CardLayout

/// How viewport points map onto grid pixels: uniformly scaled to fit, centred.
public struct ViewportFit: Sendable, Equatable {
    /// Pixels per point.
    public var scale: Double
    /// Pixel coordinates of the viewport's top-left corner.
    public var originX: Double
    public var originY: Double

    /// The largest fit of a `viewport` (points) into `width` x `height` square pixels
    /// that keeps the viewport's aspect ratio, centred.
    public init(viewport: (width: Double, height: Double), width: Int, height: Int) {
        let w = max(viewport.width, 1e-9)
        let h = max(viewport.height, 1e-9)
        scale = min(Double(width) / w, Double(height) / h)
        originX = (Double(width) - w * scale) / 2
        originY = (Double(height) - h * scale) / 2
    }

    /// A viewport point in pixel coordinates.
    public func pixel(_ p: Point) -> Point {
        Point(originX + p.x * scale, originY + p.y * scale)
    }
}
