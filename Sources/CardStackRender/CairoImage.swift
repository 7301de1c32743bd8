import CCairo
import CardLayout
import CardStackLook

/// A Cairo image surface and its drawing context: 32-bit pixels (B, G, R, A bytes in memory
/// on this little-endian machine), antialiased paths, PNG output.
final class CairoImage {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let context: OpaquePointer

    init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw RenderError("a picture of \(width) x \(height) pixels cannot be drawn (1 to 16384 each way)")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("Cairo could not make a \(width) x \(height) picture (out of memory?)")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.context = cairo_create(surface)!
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The pixels, row by row with no padding (ARGB32 rows are 4 * width bytes).
    func withPixels<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        precondition(stride == width * 4)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height))
    }

    /// Writes the picture as a PNG file.
    func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    // MARK: Drawing

    /// Paints with `c`'s bytes and its alpha times `alpha`.
    func setColor(_ c: CardColor, alpha: Double = 1) {
        cairo_set_source_rgba(
            context, Double(c.redByte) / 255, Double(c.greenByte) / 255, Double(c.blueByte) / 255, alpha * c.alpha)
    }

    /// Adds closed polygons to the current path.
    func addPolygons(_ polygons: [[Point]]) {
        for polygon in polygons {
            guard let first = polygon.first else { continue }
            cairo_move_to(context, first.x, first.y)
            for p in polygon.dropFirst() { cairo_line_to(context, p.x, p.y) }
            cairo_close_path(context)
        }
    }

    /// Fills closed polygons (nonzero winding, or even-odd for rings).
    func fill(_ polygons: [[Point]], _ color: CardColor, alpha: Double = 1, evenOdd: Bool = false) {
        cairo_new_path(context)
        addPolygons(polygons)
        cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        setColor(color, alpha: alpha)
        cairo_fill(context)
    }

    func fillRect(x: Double, y: Double, width: Double, height: Double, _ color: CardColor) {
        cairo_new_path(context)
        cairo_rectangle(context, x, y, width, height)
        setColor(color)
        cairo_fill(context)
    }
}

/// Glyph outlines of a title, flattened into polygons with their ink centred on (0, 0)
/// horizontally and the line's middle vertically, so any map (perspective included) can
/// place them. Cairo's text outlines in the bold sans-serif fontconfig picks (DejaVu Sans
/// Bold on Debian, from fonts-dejavu-core).
final class TextOutlines {
    private var cache: [String: (polygons: [[Point]], width: Double)] = [:]
    private let scratch: CairoImage
    /// The largest font size drawn, points (a title on a card of the largest size is 22,000).
    static let maximumSize = 100_000.0
    static let cacheLimit = 256

    init() throws(RenderError) {
        scratch = try CairoImage(width: 1, height: 1)
        cairo_select_font_face(scratch.context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        // Fine enough for a title magnified several times by --scale and the perspective.
        cairo_set_tolerance(scratch.context, 0.01)
    }

    /// `text` at `size` points: its polygons and its advance width.
    func outlines(_ text: String, size: Double) -> (polygons: [[Point]], width: Double) {
        let key = "\(size)|\(text)"
        if let hit = cache[key] { return hit }
        // A size Cairo cannot scale to would leave the context in an error for good.
        guard size.isFinite, size > 0, size <= Self.maximumSize else { return ([], 0) }
        // Titles and sizes change rarely; a recording that changes them every frame must not
        // grow the cache without end.
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        let cr = scratch.context
        cairo_set_font_size(cr, size)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        var ink = cairo_text_extents_t()
        cairo_text_extents(cr, text, &ink)
        cairo_new_path(cr)
        // CSS centres the line box: the baseline sits (ascent - descent) / 2 below the middle.
        cairo_move_to(cr, -ink.x_advance / 2, (font.ascent - font.descent) / 2)
        cairo_text_path(cr, text)
        guard let path = cairo_copy_path_flat(cr) else { return ([], 0) }
        defer { cairo_path_destroy(path) }
        var polygons: [[Point]] = []
        var current: [Point] = []
        var i = 0
        // A path Cairo could not make has no data and says why in its status.
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else {
            cairo_new_path(cr)
            return ([], 0)
        }
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count > 2 { polygons.append(current) }
                current = [Point(data[i + 1].point.x, data[i + 1].point.y)]
            case CAIRO_PATH_LINE_TO:
                current.append(Point(data[i + 1].point.x, data[i + 1].point.y))
            case CAIRO_PATH_CLOSE_PATH:
                if current.count > 2 { polygons.append(current) }
                current = []
            default: break
            }
            i += Int(header.length)
        }
        if current.count > 2 { polygons.append(current) }
        cairo_new_path(cr)
        let result = (polygons, ink.x_advance)
        cache[key] = result
        return result
    }
}

extension CairoImage {
    /// Copies a picture of `width` columns (B, G, R, A rows, no padding) onto this one with
    /// its top-left corner at pixel (`x`, `y`), byte for byte.
    func copy(_ pixels: UnsafeRawBufferPointer, width: Int, x: Int, y: Int) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let rows = pixels.count / (width * 4)
        let columns = min(width, self.width - x)
        guard columns > 0 else { return }
        for row in 0..<min(rows, height - y) {
            let target = data + (y + row) * stride + x * 4
            target.update(
                from: pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * width * 4, count: columns * 4)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Runs `body` with drawing clipped to a rectangle.
    func clip(x: Double, y: Double, width: Double, height: Double, _ body: () -> Void) {
        cairo_save(context)
        cairo_new_path(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_clip(context)
        body()
        cairo_restore(context)
    }
}
