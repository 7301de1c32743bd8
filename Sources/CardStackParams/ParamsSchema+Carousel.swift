import CardLayout
import CardStackProtocol

/// `[carousel]`: iCarousel's options (docs/layouts.md §2). Every key is optional; a key left
/// out keeps the type's default (``CarouselOptions``), so these keys write optionals. Only
/// iCarousel's types read them (`get_schema`'s `styles`).
extension ParamsSchema {
    static let carouselKeys: [Key] = [
        optionalNumber("item_spacing", .openClosed(0, 100), \.carousel.itemSpacing)
            .doc(meaning: "spacing between items, in item widths"),
        optionalNumber("arc", .openClosed(0, 2 * Double.pi), \.carousel.arc)
            .doc(meaning: "the arc the circular types spread their items over, in radians"),
        optionalNumber("radius", .closed(-100_000, 100_000), \.carousel.radius)
            .doc(meaning: "the circle's radius in points (by default from the item width, count and arc)"),
        optionalNumber("angle", .closed(-2 * Double.pi, 2 * Double.pi), \.carousel.angle)
            .doc(meaning: "the angular step between items of the circular types, in radians"),
        optionalNumber("tilt", .closed(-2, 2), \.carousel.tilt)
            .doc(meaning: "cover flow's turn and the time machine's sideways lean"),
        optionalInteger("count", 1...1000, \.carousel.count)
            .doc(meaning: "items on a full circle for the circular types"),
        optionalInteger("visible_items", 0...StackLayout.maximumCards, \.carousel.visibleItems)
            .doc(meaning: "items laid out around the current one"),
        fadeLimit("fade_min", unbounded: -.infinity, \.carousel.fadeMin)
            .doc(meaning: "offset below which cards fade out", allowed: "[−1000000, 1000000], or -inf for no limit"),
        fadeLimit("fade_max", unbounded: .infinity, \.carousel.fadeMax)
            .doc(meaning: "offset above which cards fade out", allowed: "[−1000000, 1000000], or inf for no limit"),
        optionalNumber("fade_range", .openClosed(0, 1000), \.carousel.fadeRange)
            .doc(meaning: "how many items wide the fade is"),
        optionalNumber("fade_min_alpha", .closed(0, 1), \.carousel.fadeMinAlpha)
            .doc(meaning: "the alpha at the end of the fade"),
        optionalBoolean("show_backfaces", \.carousel.showBackfaces)
            .doc(meaning: "draw items turned away from the viewer"),
        optionalBoolean("vertical", \.carousel.vertical)
            .doc(meaning: "lay the carousel out vertically"),
        Key(
            name: "viewpoint", bounds: .numbers(.closed(-100_000, 100_000)), value: { $0.carousel.viewpoint.map(json) }
        ) { node, p, key throws(ParamsError) in
            p.carousel.viewpoint = try numbers(node, key, count: 2, each: .closed(-100_000, 100_000))
        }
        .doc(
            meaning: "iCarousel's viewpointOffset in points: moves the items against the vanishing point",
            allowed: "[x, y], each in [−100000, 100000]"),
    ].map { $0.read(by: Style.allCases.filter { CarouselType($0) != nil }) }

    /// A number in `interval`, written to an optional.
    static func optionalNumber(
        _ name: String, _ interval: Interval, _ path: any WritableKeyPath<Parameters, Double?> & Sendable
    ) -> Key {
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { read(&$0).map(json) }
        return Key(name: name, bounds: .number(interval), value: value) {
            node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedNumber(node, key, interval)
        }
    }

    /// A fade limit: a finite number, or the infinity on its own side (`fade_min = -inf`,
    /// `fade_max = inf`, or `null` over the socket) for "unbounded".
    static func fadeLimit(
        _ name: String, unbounded: Double, _ path: any WritableKeyPath<Parameters, Double?> & Sendable
    ) -> Key {
        // Unbounded is `null` on the wire, as `Carousel` writes it.
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { p in read(&p).map { $0.isInfinite ? .null : json($0) }
        }
        return Key(name: name, bounds: .number(.closed(-1_000_000, 1_000_000)), value: value) {
            node, p, key throws(ParamsError) in
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
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { read(&$0).map { .integer(Int64($0)) } }
        return Key(name: name, bounds: .integer(range), value: value) {
            node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedInteger(node, key, range)
        }
    }

    /// `true` or `false`, written to an optional.
    static func optionalBoolean(_ name: String, _ path: any WritableKeyPath<Parameters, Bool?> & Sendable) -> Key {
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { read(&$0).map(JSONValue.bool) }
        return Key(name: name, bounds: .boolean, value: value) {
            node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedBool(node, key)
        }
    }
}
