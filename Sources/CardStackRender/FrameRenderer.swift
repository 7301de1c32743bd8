import CCairo
import CardLayout
import CardStackLook

/// Draws frames as the page does (Sources/CardStackWeb/Page): the stage's background, then
/// every card back to front as its layer — the box of `size` at `position` about `anchor`,
/// through its `transform` with perspective — with rounded corners, the 1 pt inner edge and
/// the title (none on a card turned past 90°, which shows its back), faded by `alpha` as a
/// whole; then the circle reveal, a circle about the opened
/// card's centre through which its detail view (the card's colour and title, covering the
/// viewport) shows. Colours and sizes from ``CardLook``.
public final class FrameRenderer {
    /// The picture's size in pixels.
    public let width: Int
    public let height: Int
    /// The stage's colour (``CardLook/background`` unless `--background` says otherwise).
    public let background: CardColor
    let image: CairoImage
    let text: TextOutlines
    private var outlines: [String: (outer: [Point], inner: [Point])] = [:]
    /// The look of `[card]` when any key of it is set (FrameRenderer+Look.swift), its image
    /// files and those loaded so far (nil: not loaded, or not drawable), and a scratch
    /// picture the images are mapped into.
    var look: Parameters.Card?
    var imageFiles: [String] = []
    var loadedImages: [Int: OpaquePointer?] = [:]
    var scratch: OpaquePointer?

    public init(width: Int, height: Int, background: CardColor = CardLook.background) throws(RenderError) {
        self.width = width
        self.height = height
        self.background = background
        image = try CairoImage(width: width, height: height)
        text = try TextOutlines()
    }

    deinit {
        for case let surface? in loadedImages.values { cairo_surface_destroy(surface) }
        if let scratch { cairo_surface_destroy(scratch) }
    }

    /// How viewport points map to pixels: `scale` pixels per point (or the largest that
    /// fits), the viewport centred on whole pixels.
    public func fit(_ viewport: (width: Double, height: Double), scale: Double?) -> ViewportFit {
        let w = max(viewport.width, 1e-9)
        let h = max(viewport.height, 1e-9)
        var fit = ViewportFit(viewport: (w, h), width: width, height: height)
        if let scale, w * scale <= Double(width) + 1e-9, h * scale <= Double(height) + 1e-9 { fit.scale = scale }
        fit.originX = ((Double(width) - w * fit.scale) / 2).rounded(.down)
        fit.originY = ((Double(height) - h * fit.scale) / 2).rounded(.down)
        return fit
    }

    /// Draws `frame` over the whole picture; false when `deadline` (``RenderClock``) passed
    /// before every card was drawn.
    @discardableResult
    public func draw(_ frame: Frame, scale: Double?, until deadline: Double = .infinity) -> Bool {
        let cr = image.context
        let fit = fit(frame.viewport, scale: scale)
        cairo_reset_clip(cr)
        image.fillRect(x: 0, y: 0, width: Double(width), height: Double(height), background)
        // The stage clips its cards (overflow: hidden), and so does the picture.
        cairo_new_path(cr)
        cairo_rectangle(
            cr, fit.originX, fit.originY, frame.viewport.width * fit.scale, frame.viewport.height * fit.scale)
        cairo_clip(cr)
        for card in frame.cards where card.quad != nil && card.alpha > 0 {
            guard deadline.isInfinite || RenderClock.now() <= deadline else {
                cairo_reset_clip(cr)
                return false
            }
            drawCard(card, fit)
        }
        if let reveal = frame.reveal, reveal.radius > 0 {
            let title =
                frame.cards.last(where: { $0.item == reveal.item })?.title
                ?? CardLook.placeholderTitle(item: reveal.item)
            drawReveal(reveal, title: title, viewport: frame.viewport, fit)
        }
        cairo_reset_clip(cr)
        return true
    }

    /// The drawn picture's pixels (B, G, R, A per pixel, row by row).
    public func withPixels<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        try image.withPixels(body)
    }

    /// Writes the drawn picture as a PNG file.
    public func writePNG(to path: String) throws(RenderError) {
        try image.writePNG(to: path)
    }

    private func drawCard(_ card: CardPlacement, _ fit: ViewportFit) {
        if let look {
            drawCard(card, fit, look: look)
            return
        }
        let geometry = CardGeometry(card)
        let (w, h) = card.size
        func screen(_ polygon: [Point], dx: Double = 0, dy: Double = 0) -> [Point]? {
            var out: [Point] = []
            out.reserveCapacity(polygon.count)
            for p in polygon {
                guard let q = geometry.project(p.x + dx, p.y + dy) else { return nil }
                out.append(fit.pixel(q))
            }
            return out
        }
        let key = "\(w)x\(h)"
        if outlines.count >= 256 { outlines.removeAll(keepingCapacity: true) }
        let shape =
            outlines[key]
            ?? {
                let made = (
                    CardGeometry.roundedRect(width: w, height: h, radius: CardLook.cornerRadius),
                    CardGeometry.inset(width: w, height: h, radius: CardLook.cornerRadius, by: CardLook.edgeWidth)
                )
                outlines[key] = made
                return made
            }()
        guard let outer = screen(shape.outer), let inner = screen(shape.inner) else { return }
        let cr = image.context
        let alpha = min(card.alpha, 1)
        // A layer with opacity is composited as a whole: its edge and title do not show
        // through its own fill.
        if alpha < 1 { cairo_push_group(cr) }
        let color = CardLook.fill(item: card.item)
        image.fill([outer], color)
        image.fill([outer, inner], CardColor(0, 0, 0), alpha: CardLook.edgeOpacity, evenOdd: true)
        // Turned past 90°, the card shows its back (``CardLook/back``): its colour, no title.
        if !card.title.isEmpty, !CardPlacement.facesAway(card.quad) {
            let size = CardLook.titleSize(width: w, height: h)
            let glyphs = text.outlines(card.title, size: size)
            let mapped = glyphs.polygons.compactMap { screen($0, dx: w / 2, dy: h / 2) }
            // A title wider than its card is cut at the card's edge, as the page's
            // `overflow: hidden` does.
            let clipped = glyphs.width > w - 2 * CardLook.edgeWidth
            if clipped {
                cairo_save(cr)
                cairo_new_path(cr)
                image.addPolygons([outer])
                cairo_clip(cr)
            }
            image.fill(mapped, CardLook.titleColor)
            if clipped { cairo_restore(cr) }
        }
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    private func drawReveal(
        _ reveal: Reveal, title: String, viewport: (width: Double, height: Double), _ fit: ViewportFit
    ) {
        let cr = image.context
        let centre = fit.pixel(reveal.center)
        // A circle that covers the whole picture is drawn as the picture: Cairo need not
        // flatten an arc of a radius far beyond it.
        let covering = Reveal.coveringRadius(from: centre, width: Double(width), height: Double(height))
        let radius = reveal.radius * fit.scale
        cairo_save(cr)
        cairo_new_path(cr)
        if radius < covering {
            cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Double.pi)
        } else {
            cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        }
        cairo_clip(cr)
        let corner = fit.pixel(Point(0, 0))
        image.fillRect(
            x: corner.x, y: corner.y, width: viewport.width * fit.scale, height: viewport.height * fit.scale,
            CardLook.fill(item: reveal.item))
        if !title.isEmpty {
            let size = CardLook.detailTitleSize(width: viewport.width, height: viewport.height)
            let middle = fit.pixel(Point(viewport.width / 2, viewport.height / 2))
            let glyphs = text.outlines(title, size: size).polygons.map { polygon in
                polygon.map { Point(middle.x + $0.x * fit.scale, middle.y + $0.y * fit.scale) }
            }
            image.fill(glyphs, CardLook.titleColor)
        }
        cairo_restore(cr)
    }
}
