import CardLayout

extension SwiftExport {
    /// One `p.table.key = value` line per parameter, every one written out (not only those
    /// that differ from `Parameters()`), so a later CardLayout with other defaults still
    /// gives these numbers.
    static func assignments(_ p: Parameters) -> [String] {
        var lines: [String] = []
        func add(_ name: String, _ text: String) { lines.append("p.\(name) = \(text)") }
        add("layout.style", "Style(rawValue: \"\(p.layout.style.rawValue)\") ?? .stack")
        add("layout.cards", String(p.layout.cards))
        add("layout.wrap", String(p.layout.wrap))
        add("layout.spacing", literal(p.layout.spacing))
        add("layout.scaleStep", literal(p.layout.scaleStep))
        add("layout.m34", literal(p.layout.m34))
        add("layout.flipRange", literal(p.layout.flipRange))
        add("card.width", literal(p.card.width))
        add("card.height", literal(p.card.height))
        add("card.anchor", literal(p.card.anchor))
        add("card.titles", titlesMark)
        add("viewport.width", literal(p.viewport.width))
        add("viewport.height", literal(p.viewport.height))
        add("animation.fps", String(p.animation.fps))
        add("animation.deceleration", literal(p.animation.deceleration))
        add("animation.snap", String(p.animation.snap))
        add("animation.duration", literal(p.animation.duration))
        add("animation.removeDuration", literal(p.animation.removeDuration))
        add("animation.insertDuration", literal(p.animation.insertDuration))
        add("animation.moveDuration", literal(p.animation.moveDuration))
        add("animation.curve", curveLiteral(p.animation.curve))
        add(
            "animation.spring",
            p.animation.spring.map(springLiteral) ?? "nil")
        add("animation.slowdown", literal(p.animation.slowdown))
        let c = p.carousel
        func option(_ name: String, _ value: Double?) {
            if let value { lines.append("p.carousel.\(name) = \(literal(value))") }
        }
        option("itemSpacing", c.itemSpacing)
        option("arc", c.arc)
        option("radius", c.radius)
        option("angle", c.angle)
        option("tilt", c.tilt)
        if let count = c.count { lines.append("p.carousel.count = \(count)") }
        if let visible = c.visibleItems { lines.append("p.carousel.visibleItems = \(visible)") }
        option("fadeMin", c.fadeMin)
        option("fadeMax", c.fadeMax)
        option("fadeRange", c.fadeRange)
        option("fadeMinAlpha", c.fadeMinAlpha)
        if let b = c.showBackfaces { lines.append("p.carousel.showBackfaces = \(b)") }
        if let b = c.vertical { lines.append("p.carousel.vertical = \(b)") }
        if let v = c.viewpoint { lines.append("p.carousel.viewpoint = \(literal(v))") }
        lines += scrollAssignments(p)
        return lines
    }

    /// The curve as a `TimingCurve` literal.
    static func curveLiteral(_ curve: TimingCurve) -> String {
        switch curve {
        case .decelerate: ".decelerate"
        case .linear: ".linear"
        case .easeIn: ".easeIn"
        case .easeOut: ".easeOut"
        case .easeInOut: ".easeInOut"
        case .bezier(let x1, let y1, let x2, let y2):
            ".bezier(\(literal(x1)), \(literal(y1)), \(literal(x2)), \(literal(y2)))"
        }
    }

    /// A Swift literal that reads back as exactly `x`.
    static func literal(_ x: Double) -> String {
        if x == .infinity { return ".infinity" }
        if x == -.infinity { return "-.infinity" }
        return "\(x)"
    }

    static func literal(_ xs: [Double]) -> String {
        "[" + xs.map { literal($0) }.joined(separator: ", ") + "]"
    }

    /// The spring in the dialect the file gave it in (CardLayout's initialiser of that name).
    static func springLiteral(_ s: Spring) -> String {
        switch s.written {
        case .dampingRatio: "Spring(dampingRatio: \(literal(s.dampingRatio)), response: \(literal(s.response)))"
        case .durationBounce(let d, let b): "Spring(duration: \(literal(d)), bounce: \(literal(b)))"
        case .physical(let m, let k, let c):
            "Spring(mass: \(literal(m)), stiffness: \(literal(k)), damping: \(literal(c)))"
        case .named(let name): "Spring.\(name)"
        }
    }
}
