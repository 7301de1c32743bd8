import CardLayout

/// `[carousel]`: iCarousel's options (docs/layouts.md §2). Every key is optional; a key left
/// out keeps the type's default (``CarouselOptions``), so these keys write optionals. Only
/// iCarousel's types read them (`get_schema`'s `styles`).
extension ParamsSchema {
    static let carouselKeys: [Key] = [
        optionalNumber("item_spacing", .openClosed(0, 100), \.carousel.itemSpacing),
        optionalNumber("arc", .openClosed(0, 2 * Double.pi), \.carousel.arc),
        optionalNumber("radius", .closed(-100_000, 100_000), \.carousel.radius),
        optionalNumber("angle", .closed(-2 * Double.pi, 2 * Double.pi), \.carousel.angle),
        optionalNumber("tilt", .closed(-2, 2), \.carousel.tilt),
        optionalInteger("count", 1...1000, \.carousel.count),
        optionalInteger("visible_items", 0...StackLayout.maximumCards, \.carousel.visibleItems),
        fadeLimit("fade_min", unbounded: -.infinity, \.carousel.fadeMin),
        fadeLimit("fade_max", unbounded: .infinity, \.carousel.fadeMax),
        optionalNumber("fade_range", .openClosed(0, 1000), \.carousel.fadeRange),
        optionalNumber("fade_min_alpha", .closed(0, 1), \.carousel.fadeMinAlpha),
        optionalBoolean("show_backfaces", \.carousel.showBackfaces),
        optionalBoolean("vertical", \.carousel.vertical),
        Key(name: "viewpoint", bounds: .numbers(.closed(-100_000, 100_000))) { node, p, key throws(ParamsError) in
            p.carousel.viewpoint = try numbers(node, key, count: 2, each: .closed(-100_000, 100_000))
        },
    ].map { $0.read(by: Style.allCases.filter { CarouselType($0) != nil }) }

    /// A number in `interval`, written to an optional.
    static func optionalNumber(
        _ name: String, _ interval: Interval, _ path: any WritableKeyPath<Parameters, Double?> & Sendable
    ) -> Key {
        Key(name: name, bounds: .number(interval)) { node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedNumber(node, key, interval)
        }
    }

    /// A fade limit: a finite number, or the infinity on its own side (`fade_min = -inf`,
    /// `fade_max = inf`, or `null` over the socket) for "unbounded".
    static func fadeLimit(
        _ name: String, unbounded: Double, _ path: any WritableKeyPath<Parameters, Double?> & Sendable
    ) -> Key {
        Key(name: name, bounds: .number(.closed(-1_000_000, 1_000_000))) { node, p, key throws(ParamsError) in
            let allowed = "a number in [-1000000, 1000000], or \(unbounded < 0 ? "-inf" : "inf") for no limit"
            let x: Double
            switch node.value {
            case .double(let d): x = d
            case .integer(let i): x = Double(i)
            case .null: x = unbounded  // `null` from set_params, as get_params reports it
            default:
                throw ParamsError(
                    .wrongType, "\(key) must be \(allowed), got \(node.kindName) (\(node.display))", key: key,
                    at: node.position)
            }
            guard x == unbounded || (x.isFinite && abs(x) <= 1_000_000) else {
                throw ParamsError(
                    .outOfRange, "\(key) must be \(allowed), got \(node.display)", key: key, at: node.position)
            }
            p[keyPath: path] = x
        }
    }

    /// An integer in `range`, written to an optional (a float with no fraction counts).
    static func optionalInteger(
        _ name: String, _ range: ClosedRange<Int>, _ path: any WritableKeyPath<Parameters, Int?> & Sendable
    ) -> Key {
        Key(name: name, bounds: .integer(range)) { node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedInteger(node, key, range)
        }
    }

    /// `true` or `false`, written to an optional.
    static func optionalBoolean(_ name: String, _ path: any WritableKeyPath<Parameters, Bool?> & Sendable) -> Key {
        Key(name: name, bounds: .boolean) { node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedBool(node, key)
        }
    }
}
