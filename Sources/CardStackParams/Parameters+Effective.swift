import CardLayout

extension Parameters {
    /// What the style works out for each `[carousel]` key these parameters leave out, by
    /// dotted key (`params`' `effective`): an editor centres its control on it, where the
    /// value in force is only "the style's own". Empty for the styles that are not carousels.
    public var effectiveCarousel: [String: Double] {
        guard let type = CarouselType(layout.style) else { return [:] }
        let resolved = CarouselOptions(type, self)
        let c = carousel
        let candidates: [(String, Bool, Double)] = [
            ("carousel.item_spacing", c.itemSpacing == nil, resolved.spacing),
            ("carousel.arc", c.arc == nil, resolved.arc),
            ("carousel.radius", c.radius == nil, resolved.radius),
            ("carousel.angle", c.angle == nil, resolved.angle),
            ("carousel.tilt", c.tilt == nil, resolved.tilt),
            ("carousel.count", c.count == nil, Double(resolved.count)),
            ("carousel.visible_items", c.visibleItems == nil, Double(resolved.visibleItems)),
            ("carousel.fade_range", c.fadeRange == nil, resolved.fadeRange),
            ("carousel.fade_min_alpha", c.fadeMinAlpha == nil, resolved.fadeMinAlpha),
        ]
        var out: [String: Double] = [:]
        for (key, leftOut, value) in candidates where leftOut && value.isFinite { out[key] = value }
        return out
    }
}
