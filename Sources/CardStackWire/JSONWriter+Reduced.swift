import CardLayout

/// `get_params`' `reduced` table (docs/parameters.md, "Reduce Motion") and the spring object,
/// written field by field in the order of their `Codable` conformances (`Reduced`'s tables,
/// each key only when set, then `crossfade`), as JSONWriter+Parameters.swift writes the rest.
extension JSONWriter {
    /// `,"reduced":{…}` after the scroll table's closing brace.
    func reduced(_ r: Parameters.Reduced) throws {
        literal(",\"reduced\":{\"animation\":{")
        var first = true
        func key(_ name: StaticString) {
            if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
            literal(name)
        }
        let a = r.animation
        if let v = a.fps {
            key("\"fps\":")
            integer(v)
        }
        if let v = a.deceleration {
            key("\"deceleration\":")
            try number(v)
        }
        if let v = a.snap {
            key("\"snap\":")
            literal(v ? "true" : "false")
        }
        for (name, value) in [
            ("\"duration\":" as StaticString, a.duration), ("\"remove_duration\":", a.removeDuration),
            ("\"insert_duration\":", a.insertDuration), ("\"move_duration\":", a.moveDuration),
        ] {
            guard let value else { continue }
            key(name)
            try number(value)
        }
        if let curve = a.curve {
            key("\"curve\":")
            if let name = curve.name { string(name) } else { try numbers(curve.controlPoints ?? [], codingPath: []) }
        }
        if let spring = a.spring {
            key("\"spring\":")
            try springObject(spring)
        }
        if let v = a.slowdown {
            key("\"slowdown\":")
            try number(v)
        }
        literal("},\"layout\":{")
        first = true
        if let v = r.layout.m34 {
            key("\"m34\":")
            try number(v)
        }
        if let v = r.layout.scaleStep {
            key("\"scale_step\":")
            try number(v)
        }
        if let v = r.layout.flipRange {
            key("\"flip_range\":")
            try numbers(v, codingPath: [])
        }
        literal("},\"carousel\":{")
        try carousel(r.carousel)
        literal("},\"crossfade\":")
        try number(r.crossfade)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A spring as `Spring`'s `Codable` writes it: the motion's numbers, the dialect and its
    /// readings in every other.
    func springObject(_ spring: Spring) throws {
        literal("{\"damping_ratio\":")
        try number(spring.dampingRatio)
        literal(",\"response\":")
        try number(spring.response)
        literal(",\"dialect\":")
        string(spring.written.dialect)
        literal(",\"duration\":")
        try number(spring.duration)
        literal(",\"bounce\":")
        try number(spring.bounce)
        literal(",\"mass\":")
        try number(spring.mass)
        literal(",\"stiffness\":")
        try number(spring.stiffness)
        literal(",\"damping\":")
        try number(spring.damping)
        bytes.append(UInt8(ascii: "}"))
    }
}
