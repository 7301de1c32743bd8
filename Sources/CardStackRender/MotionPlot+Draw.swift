import CardLayout
import CardStackLook

#if canImport(Glibc)
    import Glibc
#endif

extension MotionPlot {
    /// The picture's size in SVG units and PNG pixels.
    public static let size = (width: 900.0, height: 560.0)

    /// The plot as an SVG document. The offset curve's group carries the recorded points
    /// exactly, `data-points="[[time, offset], …]"` (the daemon's times), and each frame's
    /// mark its own `data-t` and `data-offset`.
    public func svg() -> String {
        var canvas = SVGCanvas(width: Self.size.width, height: Self.size.height)
        draw(on: &canvas)
        return canvas.document
    }

    /// Writes the plot as a PNG, drawn by Cairo.
    public func writePNG(to path: String) throws(RenderError) {
        var canvas = CairoCanvas(image: try CairoImage(width: Int(Self.size.width), height: Int(Self.size.height)))
        draw(on: &canvas)
        try canvas.image.writePNG(to: path)
    }

    static let ink = CardColor(0x1D, 0x1F, 0x24)
    static let faint = CardColor(0x6E, 0x73, 0x80)
    static let grid = CardColor(0xE3, 0xE5, 0xEA)
    static let offsetColor = CardColor(0x0A, 0x84, 0xFF)
    static let velocityColor = CardColor(0xE8, 0x6A, 0x17)
    static let markColor = CardColor(0xC2, 0x43, 0x4F)

    func draw(on canvas: inout some PlotCanvas) {
        let w = canvas.width
        canvas.rect(x: 0, y: 0, width: w, height: canvas.height, fill: CardColor(0xFF, 0xFF, 0xFF), stroke: nil)
        let t0 = times.first ?? 0
        let span = max((times.last ?? 0) - t0, 1e-9)
        canvas.text(
            "front offset over time: \(times.count) frames in \(Self.number(span)) s\(transitionNote)",
            at: Point(70, 28), size: 16,
            Self.ink,
            anchor: .start, bold: true)
        for (i, line) in legend.enumerated() {
            canvas.text(line, at: Point(70, 50 + Double(i) * 18), size: 13, Self.faint, anchor: .start, bold: false)
        }
        let left = 70.0
        let right = w - 30
        func x(_ t: Double) -> Double { left + (t - t0) / span * (right - left) }
        let offsetPanel = Panel(top: 100, bottom: 350, values: offsets, includeZero: false)
        let velocityPanel = Panel(top: 385, bottom: 505, values: velocities, includeZero: true)
        let unwrapped = period.map { " (unwrapped: +\(Self.number($0)) pt a turn)" } ?? ""
        let timeTicks = Self.ticks(0, span)
        for (panel, name, unit) in [(offsetPanel, "offset", "pt\(unwrapped)"), (velocityPanel, "velocity", "pt/s")] {
            for t in timeTicks {
                canvas.polyline(
                    [Point(x(t0 + t), panel.top), Point(x(t0 + t), panel.bottom)], Self.grid, width: 1, dashed: false)
            }
            for v in Self.ticks(panel.low, panel.high) {
                canvas.polyline(
                    [Point(left, panel.y(v)), Point(right, panel.y(v))], Self.grid, width: 1, dashed: false)
                canvas.text(
                    Self.number(v), at: Point(left - 6, panel.y(v) + 4), size: 11, Self.faint, anchor: .end, bold: false
                )
            }
            canvas.rect(
                x: left, y: panel.top, width: right - left, height: panel.bottom - panel.top, fill: nil,
                stroke: Self.faint)
            canvas.text(
                "\(name) (\(unit))", at: Point(left + 6, panel.top + 14), size: 12, Self.ink, anchor: .start, bold: true
            )
        }
        for t in timeTicks {
            canvas.text(Self.number(t), at: Point(x(t0 + t), 522), size: 11, Self.faint, anchor: .middle, bold: false)
        }
        canvas.text(
            "time since the move's first frame (s); a dot per frame", at: Point((left + right) / 2, 545), size: 12,
            Self.ink,
            anchor: .middle, bold: false)
        // The annotations under the curves.
        if let final = offsets.last, motionStart != nil {
            canvas.polyline(
                [Point(left, offsetPanel.y(final)), Point(right, offsetPanel.y(final))], Self.faint, width: 1,
                dashed: true)
        }
        if let settle {
            let sx = x(times[settle.frame])
            canvas.polyline(
                [Point(sx, offsetPanel.top), Point(sx, velocityPanel.bottom)], Self.markColor, width: 1, dashed: true)
            canvas.text(
                "settles (±1 %) \(Self.number(settle.seconds)) s after it starts",
                at: Point(sx - 4, offsetPanel.bottom - 8), size: 12,
                Self.markColor, anchor: .end, bold: false)
        }
        let series = zip(times, offsets).map { "[\($0),\($1)]" }.joined(separator: ",")
        canvas.begin([("id", "offset"), ("data-points", "[\(series)]")])
        canvas.polyline(
            zip(times, offsets).map { Point(x($0), offsetPanel.y($1)) }, Self.offsetColor, width: 2, dashed: false)
        for (t, o) in zip(times, offsets) {
            canvas.dot(
                Point(x(t), offsetPanel.y(o)), radius: 2.5, Self.offsetColor,
                attributes: [("data-t", "\(t)"), ("data-offset", "\(o)")])
        }
        canvas.end()
        // Each interval's velocity at its end: nothing before the move's first frame.
        let velocityTimes = times.dropFirst()
        let velocityPoints = zip(velocityTimes, velocities).map { "[\($0),\($1)]" }.joined(separator: ",")
        canvas.begin([("id", "velocity"), ("data-points", "[\(velocityPoints)]")])
        canvas.polyline(
            zip(velocityTimes, velocities).map { Point(x($0), velocityPanel.y($1)) }, Self.velocityColor,
            width: 1.5, dashed: false)
        for (t, v) in zip(velocityTimes, velocities) {
            canvas.dot(Point(x(t), velocityPanel.y(v)), radius: 1.8, Self.velocityColor, attributes: [])
        }
        canvas.end()
        let jumpList = jumps.map { "\($0)" }.joined(separator: ",")
        canvas.begin([("id", "jumps"), ("data-times", "[\(jumpList)]")])
        for t in jumps {
            canvas.polyline(
                [Point(x(t), velocityPanel.top), Point(x(t), velocityPanel.bottom)], Self.markColor, width: 1.5,
                dashed: true)
            canvas.dot(Point(x(t), velocityPanel.top + 4), radius: 4, Self.markColor, attributes: [("class", "jump")])
        }
        if let t = jumps.first {
            canvas.text(
                jumps.count == 1 ? "velocity jumps" : "velocity jumps (\(jumps.count)×)",
                at: Point(x(t) + 6, velocityPanel.top + 28), size: 12, Self.markColor, anchor: .start, bold: false)
        }
        canvas.end()
        if let overshoot {
            let p = Point(x(times[overshoot.frame]), offsetPanel.y(offsets[overshoot.frame]))
            canvas.dot(p, radius: 5, Self.markColor, attributes: [("class", "overshoot")])
            canvas.text(
                "overshoot \(Self.number(overshoot.points)) pt (\(Self.number(overshoot.percent)) %)",
                at: Point(p.x + 8, p.y + (p.y < offsetPanel.top + 30 ? 16 : -8)), size: 12, Self.markColor,
                anchor: .start, bold: false)
        }
    }

    /// A panel's vertical scale: its values' range with a margin, top down.
    struct Panel {
        let top: Double
        let bottom: Double
        let low: Double
        let high: Double

        init(top: Double, bottom: Double, values: [Double], includeZero: Bool) {
            var lo = values.min() ?? 0
            var hi = values.max() ?? 1
            if includeZero {
                lo = min(lo, 0)
                hi = max(hi, 0)
            }
            if hi - lo < 1e-9 {
                lo -= 1
                hi += 1
            }
            let pad = (hi - lo) * 0.08
            self.top = top
            self.bottom = bottom
            low = lo - pad
            high = hi + pad
        }

        func y(_ v: Double) -> Double { bottom - (v - low) / (high - low) * (bottom - top) }
    }

    /// Round numbers from `low` to `high`, about five of them (steps of 1, 2 or 5 × 10ⁿ).
    static func ticks(_ low: Double, _ high: Double) -> [Double] {
        let range = high - low
        guard range > 0, range.isFinite else { return [low] }
        let rough = range / 5
        let power = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        var out: [Double] = []
        var k = (low / step).rounded(.up)
        while k * step <= high + step * 1e-9, out.count < 20 {
            out.append(k * step == 0 ? 0 : k * step)
            k += 1
        }
        return out
    }
}
