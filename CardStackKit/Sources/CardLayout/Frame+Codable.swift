/// The wire form of FRAME (docs/protocol.md §5.1): points as `[x, y]`, sizes as `[w, h]`, the
/// transform as 16 numbers row by row, and `quad: null` when a corner is behind the eye;
/// `reveal` only while the circle reveal runs or is open.
extension Frame: Codable {
    enum CodingKeys: String, CodingKey { case offset, front, style, viewport, cards, reveal }
    enum ViewportKeys: String, CodingKey { case width, height }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let v = try c.nestedContainer(keyedBy: ViewportKeys.self, forKey: .viewport)
        self.init(
            offset: try c.decode(Double.self, forKey: .offset),
            front: try c.decode(Int.self, forKey: .front),
            style: try c.decode(Style.self, forKey: .style),
            viewport: (try v.decode(Double.self, forKey: .width), try v.decode(Double.self, forKey: .height)),
            cards: try c.decode([CardPlacement].self, forKey: .cards))
        reveal = try c.decodeIfPresent(Reveal.self, forKey: .reveal)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(offset, forKey: .offset)
        try c.encode(front, forKey: .front)
        try c.encode(style, forKey: .style)
        var v = c.nestedContainer(keyedBy: ViewportKeys.self, forKey: .viewport)
        try v.encode(viewport.width, forKey: .width)
        try v.encode(viewport.height, forKey: .height)
        try c.encode(cards, forKey: .cards)
        // Absent unless the circle reveal runs or is open (additive).
        try c.encodeIfPresent(reveal, forKey: .reveal)
    }
}

extension CardPlacement: Codable {
    enum CodingKeys: String, CodingKey {
        case index, item, title, ratio, position, size, anchor, scale, alpha, z, transform, quad
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func pair(_ key: CodingKeys) throws -> Point {
            let a = try c.decode([Double].self, forKey: key)
            guard a.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected [x, y]")
            }
            return Point(a[0], a[1])
        }
        let entries = try c.decode([Double].self, forKey: .transform)
        guard entries.count == 16 else {
            throw DecodingError.dataCorruptedError(forKey: .transform, in: c, debugDescription: "expected 16 numbers")
        }
        let size = try pair(.size)
        self.init(
            index: try c.decode(Int.self, forKey: .index), item: try c.decode(Int.self, forKey: .item),
            title: try c.decode(String.self, forKey: .title), ratio: try c.decode(Double.self, forKey: .ratio),
            position: try pair(.position), size: (size.x, size.y), anchor: try pair(.anchor),
            scale: try c.decode(Double.self, forKey: .scale), alpha: try c.decode(Double.self, forKey: .alpha),
            z: try c.decode(Int.self, forKey: .z), transform: Transform3D(entries))
        let quad = try c.decodeIfPresent([[Double]].self, forKey: .quad)
        self.quad = try quad.map { corners in
            try corners.map { xy in
                guard xy.count == 2 else {
                    throw DecodingError.dataCorruptedError(forKey: .quad, in: c, debugDescription: "expected [x, y]")
                }
                return Point(xy[0], xy[1])
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(item, forKey: .item)
        try c.encode(title, forKey: .title)
        try c.encode(ratio, forKey: .ratio)
        try c.encode([position.x, position.y], forKey: .position)
        try c.encode([size.width, size.height], forKey: .size)
        try c.encode([anchor.x, anchor.y], forKey: .anchor)
        try c.encode(scale, forKey: .scale)
        try c.encode(alpha, forKey: .alpha)
        try c.encode(z, forKey: .z)
        try c.encode(transform.entries, forKey: .transform)
        if let quad {
            try c.encode(quad.map { [$0.x, $0.y] }, forKey: .quad)
        } else {
            try c.encodeNil(forKey: .quad)
        }
    }
}
