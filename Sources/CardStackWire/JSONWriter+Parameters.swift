import CardLayout
import CardStackProtocol

/// The `params` event (sent on every save of the file, docs/protocol.md §5.3) and the
/// `Parameters` of `get_params`, written field by field.
///
/// The bytes are exactly those of the `Codable` conformances of `ServerMessage`,
/// `ParamsInfo`, `Parameters` and its tables through the generic containers
/// (`ParametersEncodingTests` compares the two for every style, every carousel option, the
/// spring, an error and overrides), which stay the definition of the wire form; this path
/// only skips a container, an encoder and a coding path per value. A non-finite number
/// throws, as it does there; an unbounded fade limit is `null`, as `Carousel` writes it.
extension JSONWriter {
    func paramsEvent(_ info: ParamsInfo) throws {
        literal("{\"event\":")
        string(EventName.params.rawValue)
        literal(",\"revision\":")
        integer(info.revision)
        literal(",\"source\":")
        string(info.source.rawValue)
        literal(",\"path\":")
        string(orNull: info.path)
        literal(",\"params\":")
        try parameters(info.params)
        literal(",\"error\":")
        if let error = info.error {
            literal("{\"path\":")
            string(orNull: error.path)
            literal(",\"line\":")
            integer(orNull: error.line)
            literal(",\"column\":")
            integer(orNull: error.column)
            literal(",\"key\":")
            string(orNull: error.key)
            literal(",\"message\":")
            string(error.message)
            bytes.append(UInt8(ascii: "}"))
        } else {
            literal("null")
        }
        literal(",\"overridden\":[")
        for (i, key) in info.overridden.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
        }
        literal("],\"unsaved\":[")
        for (i, key) in info.unsaved.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
        }
        literal("],\"warnings\":[")
        for (i, text) in info.warnings.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(text)
        }
        literal("],\"effective\":{")
        for (i, entry) in info.effective.sorted(by: { $0.key < $1.key }).enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(entry.key)
            bytes.append(UInt8(ascii: ":"))
            try number(entry.value)
        }
        bytes.append(UInt8(ascii: "}"))
        if info.imagesVersion != 0 {
            literal(",\"images_version\":")
            integer(info.imagesVersion)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private func string(orNull s: String?) {
        if let s { string(s) } else { literal("null") }
    }

    private func integer(orNull i: Int?) {
        if let i { integer(i) } else { literal("null") }
    }

    func parameters(_ p: Parameters) throws {
        let l = p.layout
        literal("{\"layout\":{\"style\":")
        string(l.style.rawValue)
        literal(",\"cards\":")
        integer(l.cards)
        literal(l.wrap ? ",\"wrap\":true,\"spacing\":" : ",\"wrap\":false,\"spacing\":")
        try number(l.spacing)
        literal(",\"m34\":")
        try number(l.m34)
        literal(",\"scale_step\":")
        try number(l.scaleStep)
        literal(",\"flip_range\":")
        try numbers(l.flipRange, codingPath: [])

        let c = p.card
        literal("},\"card\":{\"width\":")
        try number(c.width)
        literal(",\"height\":")
        try number(c.height)
        literal(",\"anchor\":")
        try numbers(c.anchor, codingPath: [])
        literal(",\"titles\":[")
        for (i, title) in c.titles.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(title)
        }
        bytes.append(UInt8(ascii: "]"))
        try look(c)

        literal("},\"viewport\":{\"width\":")
        try number(p.viewport.width)
        literal(",\"height\":")
        try number(p.viewport.height)

        let a = p.animation
        literal("},\"animation\":{\"fps\":")
        integer(a.fps)
        literal(",\"deceleration\":")
        try number(a.deceleration)
        literal(a.snap ? ",\"snap\":true,\"duration\":" : ",\"snap\":false,\"duration\":")
        try number(a.duration)
        literal(",\"remove_duration\":")
        try number(a.removeDuration)
        literal(",\"insert_duration\":")
        try number(a.insertDuration)
        literal(",\"move_duration\":")
        try number(a.moveDuration)
        literal(",\"curve\":")
        if let name = a.curve.name {
            string(name)
        } else {
            try numbers(a.curve.controlPoints ?? [], codingPath: [])
        }
        if let spring = a.spring {
            literal(",\"spring\":")
            try springObject(spring)
        }
        literal(",\"slowdown\":")
        try number(a.slowdown)
        literal(a.reduceMotion ? ",\"reduce_motion\":true" : ",\"reduce_motion\":false")

        literal("},\"carousel\":{")
        try carousel(p.carousel)
        try scroll(p.scroll)
        try reduced(p.reduced)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"scroll":{…}` after the carousel's closing brace, in `Scroll`'s order (`model` only
    /// when set).
    private func scroll(_ s: Parameters.Scroll) throws {
        literal("},\"scroll\":{")
        if let model = s.model {
            literal("\"model\":")
            string(model.rawValue)
            bytes.append(UInt8(ascii: ","))
        }
        literal(s.bounces ? "\"bounces\":true,\"rubber_band\":" : "\"bounces\":false,\"rubber_band\":")
        try number(s.rubberBand)
        literal(s.paging ? ",\"paging\":true,\"bounce_distance\":" : ",\"paging\":false,\"bounce_distance\":")
        try number(s.bounceDistance)
        literal(",\"deceleration_rate\":")
        try number(s.decelerationRate)
        literal(",\"scroll_speed\":")
        try number(s.scrollSpeed)
        literal(s.stopAtItemBoundary ? ",\"stop_at_item_boundary\":true" : ",\"stop_at_item_boundary\":false")
        literal(s.scrollToItemBoundary ? ",\"scroll_to_item_boundary\":true}" : ",\"scroll_to_item_boundary\":false}")
    }

    /// The options that are set, in `Carousel`'s order, without the braces.
    func carousel(_ o: Parameters.Carousel) throws {
        var first = true
        func key(_ name: StaticString) {
            if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
            literal(name)
        }
        if let v = o.itemSpacing {
            key("\"item_spacing\":")
            try number(v)
        }
        if let v = o.arc {
            key("\"arc\":")
            try number(v)
        }
        if let v = o.radius {
            key("\"radius\":")
            try number(v)
        }
        if let v = o.angle {
            key("\"angle\":")
            try number(v)
        }
        if let v = o.tilt {
            key("\"tilt\":")
            try number(v)
        }
        if let v = o.count {
            key("\"count\":")
            integer(v)
        }
        if let v = o.visibleItems {
            key("\"visible_items\":")
            integer(v)
        }
        if let v = o.fadeMin {
            key("\"fade_min\":")
            try limit(v)
        }
        if let v = o.fadeMax {
            key("\"fade_max\":")
            try limit(v)
        }
        if let v = o.fadeRange {
            key("\"fade_range\":")
            try number(v)
        }
        if let v = o.fadeMinAlpha {
            key("\"fade_min_alpha\":")
            try number(v)
        }
        if let v = o.showBackfaces {
            key("\"show_backfaces\":")
            literal(v ? "true" : "false")
        }
        if let v = o.vertical {
            key("\"vertical\":")
            literal(v ? "true" : "false")
        }
        if let v = o.viewpoint {
            key("\"viewpoint\":")
            try numbers(v, codingPath: [])
        }
    }

    /// The keys of `[card]`'s look that are set, in `Card.CodingKeys`' order, each after a comma.
    private func look(_ c: Parameters.Card) throws {
        func strings(_ name: StaticString, _ list: [String]?) {
            guard let list else { return }
            literal(name)
            bytes.append(UInt8(ascii: "["))
            for (i, s) in list.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                string(s)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        func value(_ name: StaticString, _ x: Double?) throws {
            guard let x else { return }
            literal(name)
            try number(x)
        }
        func text(_ name: StaticString, _ s: String?) {
            guard let s else { return }
            literal(name)
            string(s)
        }
        strings(",\"images\":", c.images)
        strings(",\"colors\":", c.colors)
        try value(",\"corner_radius\":", c.cornerRadius)
        try value(",\"border_width\":", c.borderWidth)
        try value(",\"border_ratio\":", c.borderWidthRatio)
        text(",\"border_color\":", c.borderColor)
        try value(",\"shadow_opacity\":", c.shadowOpacity)
        try value(",\"shadow_radius\":", c.shadowRadius)
        if let offset = c.shadowOffset {
            literal(",\"shadow_offset\":")
            try numbers(offset, codingPath: [])
        }
        text(",\"shadow_color\":", c.shadowColor)
        text(",\"back\":", c.back?.rawValue)
        text(",\"back_color\":", c.backColor)
    }

    /// A fade limit: unbounded (infinite) is `null`.
    private func limit(_ x: Double) throws {
        if x.isInfinite { literal("null") } else { try number(x) }
    }

    func number(_ x: Double) throws { try number(x, codingPath: []) }
}
