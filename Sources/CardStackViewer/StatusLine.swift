import CardLayout
import CardStackProtocol

/// One labelled value of the status panel.
public struct StatusField: Sendable, Equatable {
    /// Identifies the value across updates (for change highlighting).
    public var key: String
    /// What is shown, e.g. `spacing 30`.
    public var text: String
    /// Whether a change of this value is highlighted (not for values that change on
    /// every frame, such as the offset or the frame rate).
    public var tracked: Bool

    /// A field; `tracked` ones are highlighted when they change.
    public init(_ key: String, _ text: String, tracked: Bool = true) {
        self.key = key
        self.text = text
        self.tracked = tracked
    }
}

/// A piece of status text and whether it is highlighted.
public struct StatusSpan: Sendable, Equatable {
    public var text: String
    /// Drawn in reverse video.
    public var highlighted: Bool

    /// A span of `text`.
    public init(_ text: String, highlighted: Bool = false) {
        self.text = text
        self.highlighted = highlighted
    }
}

/// The status panel's text, and which values changed recently.
///
/// A pure value: times are passed in (monotonic seconds), so tests can say exactly when.
///
/// ```swift
/// var status = StatusLine()
/// status.observe(StatusLine.paramsFields(info), now: t)
/// let spans = status.spans(StatusLine.paramsFields(info), now: t + 1)  // changed ones highlighted
/// ```
public struct StatusLine: Sendable, Equatable {
    /// How long a changed value stays highlighted, in seconds.
    public static let highlightDuration = 1.5
    /// Between fields.
    public static let separator = " · "

    private var values: [String: String] = [:]
    private var changedAt: [String: Double] = [:]

    /// A panel with nothing seen yet.
    public init() {}

    /// Records the values in force at `now`; a tracked value that differs from the last one
    /// seen starts its highlight. The first value seen for a key is not a change.
    public mutating func observe(_ fields: [StatusField], now: Double) {
        for field in fields where field.tracked {
            if let old = values[field.key], old != field.text { changedAt[field.key] = now }
            values[field.key] = field.text
        }
    }

    /// Whether `key` changed less than ``highlightDuration`` before `now`.
    public func isHighlighted(_ key: String, now: Double) -> Bool {
        guard let t = changedAt[key] else { return false }
        return now >= t && now - t < Self.highlightDuration
    }

    /// The fields as spans, separated by " · ", changed ones highlighted.
    public func spans(_ fields: [StatusField], now: Double) -> [StatusSpan] {
        var out: [StatusSpan] = []
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(StatusSpan(Self.separator)) }
            out.append(StatusSpan(field.text, highlighted: field.tracked && isHighlighted(field.key, now: now)))
        }
        return out
    }

    /// The plain text of spans.
    public static func text(_ spans: [StatusSpan]) -> String { spans.map(\.text).joined() }

    /// Style and the parameters in force:
    /// `stack · spacing 30 · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.1 · cards 11`; for
    /// iCarousel's styles the card size and the carousel options in force instead of the
    /// stack's numbers: `coverflow · card 300×200 · spacing 30 · m34 -1/500 · item_spacing 0.25
    /// · tilt 0.9 · visible 5 · cards 11`. A value whose key is in `marked` (set by a client)
    /// ends in `*`.
    public static func paramsFields(_ p: Parameters, marked: Set<String> = []) -> [StatusField] {
        func field(_ key: String, _ text: String, _ keys: [String]) -> StatusField {
            StatusField(key, keys.contains(where: marked.contains) ? text + "*" : text)
        }
        let style = field("style", p.layout.style.rawValue, ["layout.style"])
        let spacing = field("spacing", "spacing \(decimal(p.layout.spacing))", ["layout.spacing"])
        let m34 = field("m34", "m34 \(m34(p.layout.m34))", ["layout.m34"])
        let cards = field("cards", "cards \(p.layout.cards)", ["layout.cards"])
        guard let type = CarouselType(p.layout.style) else {
            let flip = p.layout.flipRange.map { decimal($0, minimumFraction: 1) }.joined(separator: "–")
            return [
                style, spacing,
                field("scale_step", "scale_step \(decimal(p.layout.scaleStep))", ["layout.scale_step"]),
                m34, field("flip", "flip \(flip)", ["layout.flip_range"]), cards,
            ] + motionFields(p)
        }
        let o = CarouselOptions(type, p)
        let size = field(
            "card", "card \(decimal(p.card.width))×\(decimal(p.card.height))", ["card.width", "card.height"])
        var options = [field("item_spacing", "item_spacing \(decimal(o.spacing))", ["carousel.item_spacing"])]
        if o.radius != 0 {
            let degrees = decimal(o.arc * 180 / Double.pi, maximumFraction: 1)
            options += [
                field("arc", "arc \(degrees)°", ["carousel.arc"]),
                field(
                    "radius", "radius \(decimal(o.radius, maximumFraction: 1))",
                    ["carousel.radius", "carousel.count", "carousel.angle"]),
            ]
        }
        if o.tilt != 0 { options.append(field("tilt", "tilt \(decimal(o.tilt))", ["carousel.tilt"])) }
        options.append(field("visible", "visible \(o.visibleItems)", ["carousel.visible_items"]))
        if o.vertical { options.append(field("vertical", "vertical", ["carousel.vertical"])) }
        return [style, size, spacing, m34] + options + [cards] + motionFields(p)
    }

    /// Where the parameters in force come from: the file's path, `+ set` while values from
    /// `set` are in force (`+ preset`, `+ undo` after those), and `*` while the values in
    /// force differ from the file's (unsaved, as an editor's title bar says), or the
    /// built-in defaults while the file has never loaded.
    public static func sourceField(_ info: ParamsInfo) -> StatusField {
        let file = info.path ?? "no file"
        if info.source == .defaults { return StatusField("source", "defaults (\(file) not loaded)") }
        let mark = (info.unsaved.isEmpty ? "" : " *") + info.warnings.map { " · warning: \($0)" }.joined()
        if !info.overridden.isEmpty { return StatusField("source", "\(file) + set\(mark)") }
        if info.source == .file { return StatusField("source", "\(file)\(mark)") }
        return StatusField("source", "\(file) + \(info.source.rawValue)\(mark)")
    }

    /// The live values: `rev 2 · offset 15.0 · front 3 · 60 fps · skipped 0`.
    public static func runtimeFields(revision: Int?, offset: Double?, front: Int?, fps: Int, skipped: Int)
        -> [StatusField]
    {
        [
            StatusField("rev", "rev \(revision.map(String.init) ?? "–")"),
            StatusField(
                "offset", "offset \(offset.map { decimal($0, minimumFraction: 1, maximumFraction: 1) } ?? "–")",
                tracked: false),
            StatusField("front", "front \(front.map(String.init) ?? "–")"),
            StatusField("fps", "\(fps) fps", tracked: false),
            StatusField("skipped", "skipped \(skipped)", tracked: false),
        ]
    }

    /// `m34` as `-1/N` when `1/m34` is within 1e-6 of an integer, else as a decimal.
    public static func m34(_ value: Double) -> String {
        guard value != 0 else { return "0" }
        let n = 1 / value
        if abs(n - n.rounded()) <= 1e-6 * max(1, abs(n)), abs(n) < 1e15 {
            return (value < 0 ? "-" : "") + "1/\(Int(abs(n).rounded()))"
        }
        return decimal(value, maximumFraction: 8)
    }

    /// `value` rounded to `maximumFraction` decimals with trailing zeros dropped down to
    /// `minimumFraction`: `decimal(30) == "30"`, `decimal(1, minimumFraction: 1) == "1.0"`.
    public static func decimal(_ value: Double, minimumFraction: Int = 0, maximumFraction: Int = 4) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<maximumFraction { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return "\(value)" }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        var fraction = maximumFraction > 0 ? String(units % Int64(scale)) : ""
        fraction = String(repeating: "0", count: max(maximumFraction - fraction.count, 0)) + fraction
        while fraction.count > minimumFraction, fraction.last == "0" { fraction.removeLast() }
        let sign = value < 0 && units != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
