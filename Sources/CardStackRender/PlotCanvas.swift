import CCairo
import CardLayout
import CardStackLook

/// The few things a plot is made of, so one drawing routine (``MotionPlot/draw(on:)``)
/// writes both the SVG and, through Cairo, the PNG.
protocol PlotCanvas {
    var width: Double { get }
    var height: Double { get }
    /// Opens a group of marks; `attributes` (SVG only) name it for readers of the file.
    mutating func begin(_ attributes: [(String, String)])
    mutating func end()
    mutating func polyline(_ points: [Point], _ color: CardColor, width: Double, dashed: Bool)
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: CardColor?, stroke: CardColor?)
    mutating func dot(_ p: Point, radius: Double, _ color: CardColor, attributes: [(String, String)])
    mutating func text(_ s: String, at p: Point, size: Double, _ color: CardColor, anchor: TextAnchor, bold: Bool)
}

enum TextAnchor: String {
    case start, middle, end
}

/// SVG text, one element per mark; numbers with two decimals.
struct SVGCanvas: PlotCanvas {
    let width: Double
    let height: Double
    private(set) var body = ""

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    var document: String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(width)) \(n(height))" width="\(n(width))" height="\(n(height))" \
        font-family="sans-serif">
        \(body)</svg>

        """
    }

    mutating func begin(_ attributes: [(String, String)]) { body += "<g\(attributeText(attributes))>\n" }
    mutating func end() { body += "</g>\n" }

    mutating func polyline(_ points: [Point], _ color: CardColor, width: Double, dashed: Bool) {
        let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        body +=
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(CardLook.hex(color))\" stroke-width=\"\(n(width))\""
            + (dashed ? " stroke-dasharray=\"4 3\"" : "") + "/>\n"
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: CardColor?, stroke: CardColor?) {
        body +=
            "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill.map(CardLook.hex) ?? "none")\""
            + (stroke.map { " stroke=\"\(CardLook.hex($0))\"" } ?? "") + "/>\n"
    }

    mutating func dot(_ p: Point, radius: Double, _ color: CardColor, attributes: [(String, String)]) {
        body +=
            "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(radius))\" fill=\"\(CardLook.hex(color))\"\(attributeText(attributes))/>\n"
    }

    mutating func text(_ s: String, at p: Point, size: Double, _ color: CardColor, anchor: TextAnchor, bold: Bool) {
        body +=
            "<text x=\"\(n(p.x))\" y=\"\(n(p.y))\" font-size=\"\(n(size))\" fill=\"\(CardLook.hex(color))\" text-anchor=\"\(anchor.rawValue)\""
            + (bold ? " font-weight=\"bold\"" : "") + ">\(SVGSnapshot.escape(s))</text>\n"
    }

    private func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(SVGSnapshot.escape($0.1))\"" }.joined()
    }

    private func n(_ x: Double) -> String { MotionPlot.number((x * 100).rounded() / 100) }
}

/// The same marks drawn by Cairo, for a PNG.
struct CairoCanvas: PlotCanvas {
    let image: CairoImage
    var width: Double { Double(image.width) }
    var height: Double { Double(image.height) }

    mutating func begin(_ attributes: [(String, String)]) {}
    mutating func end() {}

    mutating func polyline(_ points: [Point], _ color: CardColor, width: Double, dashed: Bool) {
        guard let first = points.first else { return }
        let cr = image.context
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        image.setColor(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let dashes: [Double] = dashed ? [4, 3] : []
        cairo_set_dash(cr, dashes, Int32(dashes.count), 0)
        cairo_stroke(cr)
        cairo_set_dash(cr, [], 0, 0)
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: CardColor?, stroke: CardColor?) {
        let cr = image.context
        if let fill { image.fillRect(x: x, y: y, width: width, height: height, fill) }
        if let stroke {
            cairo_new_path(cr)
            cairo_rectangle(cr, x + 0.5, y + 0.5, width - 1, height - 1)
            image.setColor(stroke)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        }
    }

    mutating func dot(_ p: Point, radius: Double, _ color: CardColor, attributes: [(String, String)]) {
        let cr = image.context
        cairo_new_path(cr)
        cairo_arc(cr, p.x, p.y, radius, 0, 2 * Double.pi)
        image.setColor(color)
        cairo_fill(cr)
    }

    mutating func text(_ s: String, at p: Point, size: Double, _ color: CardColor, anchor: TextAnchor, bold: Bool) {
        let cr = image.context
        cairo_select_font_face(
            cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, s, &extents)
        let shift = anchor == .start ? 0 : anchor == .middle ? extents.x_advance / 2 : extents.x_advance
        cairo_new_path(cr)
        cairo_move_to(cr, p.x - shift, p.y)
        image.setColor(color)
        cairo_show_text(cr, s)
    }
}
