import CardLayout

extension Parameters.Carousel {
    /// Every `[carousel]` option set away from its default, the unbounded ones at their
    /// widest (a whole turn, both fades infinite), with `tilt` as given: what `[carousel]`'s
    /// and `[reduced.carousel]`'s encoding tests write.
    static func everyOption(tilt: Double) -> Parameters.Carousel {
        var o = Parameters.Carousel()
        o.itemSpacing = 0.25
        o.arc = 2 * Double.pi
        o.radius = 400
        o.angle = 0.1
        o.tilt = tilt
        o.count = 12
        o.visibleItems = 30
        o.fadeMin = -.infinity
        o.fadeMax = .infinity
        o.fadeRange = 1.5
        o.fadeMinAlpha = 0
        o.showBackfaces = false
        o.vertical = true
        o.viewpoint = [0, -12.5]
        return o
    }
}
