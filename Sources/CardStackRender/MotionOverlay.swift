import CardLayout
import CardStackLook

/// `cardstack plot --vary`: the motion curves of several parameter sets in one plot, each in
/// its colour, with a legend naming its values (and its overshoot and settle time); the
/// data outputs carry every series.
public struct MotionOverlay: Sendable {
    public var series: [(label: String, plot: MotionPlot)]

    public init(_ series: [(label: String, plot: MotionPlot)]) { self.series = series }

    /// Sixteen colours told apart easily, one per series.
    static let colors: [CardColor] = [
        CardColor(0x0A, 0x84, 0xFF), CardColor(0xE8, 0x6A, 0x17), CardColor(0x2E, 0xA0, 0x43),
        CardColor(0xC2, 0x43, 0x4F),
        CardColor(0x8E, 0x44, 0xAD), CardColor(0x00, 0x97, 0xA7), CardColor(0xB5, 0x8B, 0x00),
        CardColor(0x5D, 0x6D, 0x7E),
        CardColor(0x1A, 0x4F, 0xA0), CardColor(0xF3, 0x9C, 0x12), CardColor(0x14, 0x5A, 0x32),
        CardColor(0xE8, 0x43, 0x93),
        CardColor(0x6C, 0x34, 0x83), CardColor(0x1A, 0xBC, 0x9C), CardColor(0x7E, 0x51, 0x09),
        CardColor(0x27, 0x37, 0x46),
    ]

    /// The picture's size: the single plot's width, taller by the legend's rows.
    var size: (width: Double, height: Double) { (MotionPlot.size.width, 520 + 18 * Double(series.count)) }

    public func svg() -> String {
        var canvas = SVGCanvas(width: size.width, height: size.height)
        draw(on: &canvas)
        return canvas.document
    }

    public func writePNG(to path: String) throws(RenderError) {
        var canvas = CairoCanvas(image: try CairoImage(width: Int(size.width), height: Int(size.height)))
        draw(on: &canvas)
        try canvas.image.writePNG(to: path)
    }

    /// Every series as JSON: `{"series": [{"label", "values", …the single plot's fields}]}`.
    public func json(values: [[(key: String, value: String)]]) -> String {
        var items: [String] = []
        for (i, (label, plot)) in series.enumerated() {
            let pairs = (i < values.count ? values[i] : []).map { "\(Self.quote($0.key)):\($0.value)" }
            let single = plot.json().filter { $0 != "\n" }
            items.append(
                "{\"label\":\(Self.quote(label)),\"values\":{\(pairs.joined(separator: ","))},"
                    + single.dropFirst())
        }
        return "{\"series\":[\n" + items.joined(separator: ",\n") + "\n]}\n"
    }

    /// Every series as CSV: the single plot's rows, each led by its series' label.
    public func csv() -> String {
        var text = "label,time,offset,velocity,jump\n"
        for (label, plot) in series {
            let quoted =
                "\"" + label.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            for row in plot.csv().split(separator: "\n").dropFirst() { text += "\(quoted),\(row)\n" }
        }
        return text
    }

    /// A string as a JSON string.
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    func draw(on canvas: inout some PlotCanvas) {
        let w = canvas.width
        canvas.rect(x: 0, y: 0, width: w, height: canvas.height, fill: CardColor(0xFF, 0xFF, 0xFF), stroke: nil)
        // Each series from its own move's first frame, on one time axis.
        let spans = series.map { ($0.plot.times.last ?? 0) - ($0.plot.times.first ?? 0) }
        let span = max(spans.max() ?? 0, 1e-9)
        canvas.text(
            "front offset over time: \(series.count) variants", at: Point(70, 28), size: 16, MotionPlot.ink,
            anchor: .start, bold: true)
        let left = 70.0
        let right = w - 30
        func x(_ t: Double) -> Double { left + t / span * (right - left) }
        let offsetPanel = MotionPlot.Panel(
            top: 50, bottom: 300, values: series.flatMap(\.plot.offsets), includeZero: false)
        let velocityPanel = MotionPlot.Panel(
            top: 335, bottom: 455, values: series.flatMap(\.plot.velocities), includeZero: true)
        let timeTicks = MotionPlot.ticks(0, span)
        for (panel, name) in [(offsetPanel, "offset (pt)"), (velocityPanel, "velocity (pt/s)")] {
            for t in timeTicks {
                canvas.polyline(
                    [Point(x(t), panel.top), Point(x(t), panel.bottom)], MotionPlot.grid, width: 1, dashed: false)
            }
            for v in MotionPlot.ticks(panel.low, panel.high) {
                canvas.polyline(
                    [Point(left, panel.y(v)), Point(right, panel.y(v))], MotionPlot.grid, width: 1, dashed: false)
                canvas.text(
                    MotionPlot.number(v), at: Point(left - 6, panel.y(v) + 4), size: 11, MotionPlot.faint, anchor: .end,
                    bold: false)
            }
            canvas.rect(
                x: left, y: panel.top, width: right - left, height: panel.bottom - panel.top, fill: nil,
                stroke: MotionPlot.faint)
            canvas.text(name, at: Point(left + 6, panel.top + 14), size: 12, MotionPlot.ink, anchor: .start, bold: true)
        }
        for t in timeTicks {
            canvas.text(
                MotionPlot.number(t), at: Point(x(t), 472), size: 11, MotionPlot.faint, anchor: .middle, bold: false)
        }
        canvas.text(
            "time since each move's first frame (s)", at: Point((left + right) / 2, 492), size: 12, MotionPlot.ink,
            anchor: .middle, bold: false)
        for (i, (label, plot)) in series.enumerated() {
            let color = Self.colors[i % Self.colors.count]
            let t0 = plot.times.first ?? 0
            let points = zip(plot.times, plot.offsets).map { "[\($0),\($1)]" }.joined(separator: ",")
            canvas.begin([("class", "series"), ("data-label", label), ("data-points", "[\(points)]")])
            canvas.polyline(
                zip(plot.times, plot.offsets).map { Point(x($0 - t0), offsetPanel.y($1)) }, color, width: 2,
                dashed: false)
            canvas.polyline(
                zip(plot.times.dropFirst(), plot.velocities).map { Point(x($0 - t0), velocityPanel.y($1)) }, color,
                width: 1.5, dashed: false)
            canvas.end()
            let y = 515 + 18 * Double(i)
            canvas.polyline([Point(left, y - 4), Point(left + 24, y - 4)], color, width: 3, dashed: false)
            var notes: [String] = []
            if let o = plot.overshoot { notes.append("overshoot \(MotionPlot.number(o.points)) pt") }
            if let s = plot.settle { notes.append("settles in \(MotionPlot.number(s.seconds)) s") }
            let tail = notes.isEmpty ? "" : " — " + notes.joined(separator: ", ")
            canvas.text(label + tail, at: Point(left + 32, y), size: 12, MotionPlot.ink, anchor: .start, bold: false)
        }
    }
}
