import CCairo
import CardLayout
import CardStackLook

/// `cardstack render --vary`: the same transition under several parameter sets, drawn side
/// by side in a labelled grid and played on one clock (docs/render.md, "Variants").
///
/// Each cell is a stage drawn by its own ``FrameRenderer`` exactly as a single render of that
/// set draws it, copied pixel for pixel into the sheet below its label; a cell whose move is
/// over holds its last frame until the longest one ends.
public enum ContactSheet {
    /// One parameter set's frames: their times (seconds from the command), the label
    /// (empty: a single stage with no label or margin) and the set's look (`[card]`, its
    /// images relative to `parameterFile`), drawn as a single render of the set draws it.
    public struct Cell: Sendable {
        public var label: String
        public var times: [Double]
        public var frames: [Frame]
        public var look: Parameters.Card?
        public var parameterFile: String?
        public init(
            label: String, times: [Double], frames: [Frame], look: Parameters.Card? = nil, parameterFile: String? = nil
        ) {
            self.label = label
            self.times = times
            self.frames = frames
            self.look = look
            self.parameterFile = parameterFile
        }
    }

    /// The most cells a sheet holds: a 4 × 4 grid.
    public static let maximumCells = 16
    /// The sheet's colour around the stages and its labels' colour.
    static let paper = CardColor(0xFF, 0xFF, 0xFF)
    static let ink = CardColor(0x1D, 0x1F, 0x24)

    /// Where each cell's stage goes in the sheet, and the sheet's size.
    struct Layout {
        var width = 0
        var height = 0
        var stage: (width: Int, height: Int)
        var origins: [(x: Int, y: Int)] = []
        var labelHeight = 0
        var margin = 0

        init(cells: Int, columns: Int, stage: (width: Int, height: Int), labelled: Bool, scale: Double, even: Bool) {
            self.stage = stage
            if labelled {
                margin = Int((8 * scale).rounded())
                labelHeight = Int((22 * scale).rounded())
            }
            let rows = (cells + columns - 1) / columns
            let cellHeight = labelHeight + stage.height
            width = margin + columns * (stage.width + margin)
            height = margin + rows * (cellHeight + margin)
            if even {
                width += width % 2
                height += height % 2
            }
            for i in 0..<cells {
                let (r, c) = (i / columns, i % columns)
                origins.append((margin + c * (stage.width + margin), margin + r * (cellHeight + margin) + labelHeight))
            }
        }
    }

    /// Renders `cells` in rows of `columns` into `path`, `hold` seconds of the last frames at
    /// the end; `rate` is the parameters' `animation.fps` (the default output rate but for GIF).
    @discardableResult
    public static func render(
        _ cells: [Cell], columns: Int, rate: Int, hold: Double, options: RenderOptions, to path: String
    ) throws(RenderError) -> RecordingRenderer.Summary {
        try options.validate()
        guard !cells.isEmpty, cells.count <= maximumCells, cells.allSatisfy({ !$0.frames.isEmpty }) else {
            throw RenderError("a sheet holds 1 to \(maximumCells) cells, each with frames")
        }
        let deadline = RenderClock.now() + options.timeLimit
        let fps = options.fps ?? options.format.defaultFPS(recordingRate: rate)
        // Every cell starts at time 0 and ends when the longest move ends, plus the hold.
        let end = cells.map { $0.times.last ?? 0 }.max()! + max(hold, 0)
        var timelines: [RenderTimeline] = []
        for cell in cells {
            timelines.append(
                try RenderTimeline(times: cell.times + [end], fps: fps, from: options.from, to: options.to))
        }
        var stage = (width: 1, height: 1)
        for cell in cells {
            var single = options
            single.format = .apng  // the stage itself: no even padding
            let size = single.pictureSize(viewport: cell.frames[0].viewport)
            stage = (max(stage.width, size.width), max(stage.height, size.height))
        }
        let labelled = !(cells.count == 1 && cells[0].label.isEmpty)
        let layout = Layout(
            cells: cells.count, columns: max(1, min(columns, cells.count)), stage: stage, labelled: labelled,
            scale: options.size == nil ? options.scale : 1, even: options.format.needsEvenSize)
        if let why = RenderBudget.pictureProblem(width: layout.width, height: layout.height) { throw RenderError(why) }
        let sheet = try CairoImage(width: layout.width, height: layout.height)
        sheet.fillRect(
            x: 0, y: 0, width: Double(layout.width), height: Double(layout.height),
            labelled ? paper : options.background)
        if labelled {
            drawLabels(cells.map(\.label), on: sheet, layout: layout, scale: options.size == nil ? options.scale : 1)
        }
        var renderers: [FrameRenderer] = []
        for cell in cells {
            let renderer = try FrameRenderer(width: stage.width, height: stage.height, background: options.background)
            renderer.setLook(cell.look, parameterFile: cell.parameterFile)
            renderers.append(renderer)
        }
        let scale = options.size == nil ? options.scale : nil
        let count = timelines[0].count
        var shown = [Int](repeating: -1, count: cells.count)
        let bytes = try AnimationFile.write(
            count: count, width: layout.width, height: layout.height, fps: fps, options: options, to: path,
            deadline: deadline
        ) { (k, encoder) throws(RenderError) in
            if k == 0 { shown = shown.map { _ in -1 } }
            for (i, cell) in cells.enumerated() {
                let pick = min(timelines[i].picks[min(k, timelines[i].count - 1)], cell.frames.count - 1)
                guard pick != shown[i] else { continue }
                shown[i] = pick
                guard renderers[i].draw(cell.frames[pick], scale: scale, until: deadline) else {
                    throw RenderError.overBudget
                }
                renderers[i].withPixels {
                    sheet.copy($0, width: stage.width, x: layout.origins[i].x, y: layout.origins[i].y)
                }
            }
            try sheet.withPixels { (pixels) throws(RenderError) in try encoder.write(pixels) }
        }
        return RecordingRenderer.Summary(
            frames: count, fps: fps, width: layout.width, height: layout.height, bytes: bytes,
            duration: Double(count) / Double(fps))
    }

    /// Each cell's label above its stage, left-aligned in the bold sans-serif of the titles,
    /// set by ``LabelLayout/fit(_:room:strip:scale:advance:)``: 13 points, smaller (down to 6)
    /// when wider than the stage; a label wider than the stage even at 6 points is broken
    /// after its commas onto the lines the strip holds (three at 6 points), at the size its
    /// widest line fits, so it is not cut at the stage's edge.
    static func drawLabels(_ labels: [String], on sheet: CairoImage, layout: Layout, scale: Double) {
        let cr = sheet.context
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        let room = Double(layout.stage.width)
        let strip = Double(layout.labelHeight)
        func advance(_ text: String, at size: Double) -> Double {
            cairo_set_font_size(cr, size)
            var ink = cairo_text_extents_t()
            cairo_text_extents(cr, text, &ink)
            return ink.x_advance
        }
        for (i, label) in labels.enumerated() where !label.isEmpty {
            let (x, y) = (Double(layout.origins[i].x), Double(layout.origins[i].y - layout.labelHeight))
            let set = LabelLayout.fit(label, room: room, strip: strip, scale: scale) { advance($0, at: $1) }
            let (lines, size) = (set.lines, set.size)
            cairo_set_font_size(cr, size)
            var font = cairo_font_extents_t()
            cairo_font_extents(cr, &font)
            let line = font.ascent + font.descent
            let top = y + max((strip - line * Double(lines.count)) / 2, 0)
            sheet.clip(x: x, y: y, width: room, height: strip) {
                cairo_new_path(cr)
                sheet.setColor(ContactSheet.ink)
                for (n, text) in lines.enumerated() {
                    cairo_move_to(cr, x, top + line * Double(n) + font.ascent)
                    cairo_show_text(cr, text)
                }
            }
        }
    }

    /// `label` broken after its commas (`a=1, b=2` is `a=1,` and `b=2`), each line as long as
    /// `fits` allows (a single key=value wider than that is a line of its own).
    static func wrapped(_ label: String, fits: (String) -> Bool) -> [String] {
        var parts = label.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for k in parts.indices.dropFirst() where parts[k].hasPrefix(" ") { parts[k].removeFirst() }
        var lines: [String] = []
        var current = ""
        for (k, part) in parts.enumerated() {
            let piece = k < parts.count - 1 ? part + "," : part
            let joined = current.isEmpty ? piece : current + " " + piece
            if current.isEmpty || fits(joined) {
                current = joined
            } else {
                lines.append(current)
                current = piece
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
