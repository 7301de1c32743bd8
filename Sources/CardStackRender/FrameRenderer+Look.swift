import CCairo
import CPixman
import CardLayout
import CardStackLook
import CardStackSystem

/// The look of `[card]` drawn as the page draws it (docs/render.md, "The look"): the shadow
/// (CALayer's offset and colour, its blur approximated by four widening layers), the fill,
/// the image mapped through the card's projective transform by pixman, the border and the
/// title; past 90° the back as `card.back` says (unset: ``CardLook/back``).
extension FrameRenderer {
    /// Draws with `look` from now on (nil or a look without any key set: today's picture);
    /// `card.images` are resolved against `parameterFile`'s directory.
    public func setLook(_ card: Parameters.Card?, parameterFile: String?) {
        look = card?.hasLook == true ? card : nil
        for case let surface? in loadedImages.values { cairo_surface_destroy(surface) }
        loadedImages = [:]
        imageFiles = []
        guard let patterns = look?.images else { return }
        var directory = "."
        if let path = parameterFile, let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        if case .success(let files) = LookImageFile.resolve(patterns, relativeTo: directory) { imageFiles = files }
    }

    /// Item `item`'s image as a Cairo surface, loaded once (``LookPicture``: PNG or JPEG
    /// whose header passes ``LookImageFile``'s bounds); nil when it cannot be drawn.
    func lookImage(item: Int) -> OpaquePointer? {
        guard !imageFiles.isEmpty else { return nil }
        let index = item % imageFiles.count
        if let loaded = loadedImages[index] { return loaded }
        let surface = try? LookPicture.load(imageFiles[index]).get()
        loadedImages[index] = surface
        return surface
    }

    func drawCard(_ card: CardPlacement, _ fit: ViewportFit, look: Parameters.Card) {
        let geometry = CardGeometry(card)
        let (w, h) = card.size
        func screen(_ polygon: [Point], dx: Double = 0, dy: Double = 0) -> [Point]? {
            var out: [Point] = []
            for p in polygon {
                guard let q = geometry.project(p.x + dx, p.y + dy) else { return nil }
                out.append(fit.pixel(q))
            }
            return out
        }
        let radius = look.cornerRadius ?? CardLook.cornerRadius
        guard let outer = screen(CardGeometry.roundedRect(width: w, height: h, radius: radius)) else { return }
        let away = CardPlacement.facesAway(card.quad)
        let back = look.back ?? CardLook.back
        if away, back == CardBack.none { return }
        let cr = image.context
        let alpha = min(card.alpha, 1)
        // A card that fades is drawn as a layer and painted with its alpha; an opaque one (most
        // of a stack) straight onto the picture, without a whole-picture group to composite.
        let grouped = alpha < 1
        if grouped { cairo_push_group(cr) }
        if let opacity = look.shadowOpacity, opacity > 0 {
            let offset = look.shadowOffset ?? Parameters.Card.defaultShadowOffset
            let blur = look.shadowRadius ?? Parameters.Card.defaultShadowRadius
            let color =
                CardColor(hex: look.shadowColor ?? Parameters.Card.defaultShadowColor)
                ?? CardColor(red: 0, green: 0, blue: 0)
            // A Gaussian of σ ≈ radius / 2 as four layers, from the outline grown by the
            // radius to the outline itself, each a quarter of the opacity.
            for step in 0..<4 {
                let e = blur * Double(4 - step) / 4 - blur / 2
                let shape = CardGeometry.roundedRect(width: w + 2 * e, height: h + 2 * e, radius: max(radius + e, 0))
                if let shadow = screen(shape, dx: offset[0] - e, dy: offset[1] - e) {
                    image.fill([shadow], color, alpha: opacity / 4)
                }
            }
        }
        let backColor = away && back == .color
        let fill = look.color(of: card.item) ?? CardLook.fill(item: card.item)
        let face = backColor ? (look.backColor.flatMap(CardColor.init(hex:)) ?? fill) : fill
        let picture = backColor ? nil : lookImage(item: card.item)
        // An image without alpha covers the whole card (cover, its edges extended): the fill
        // under it would never show.
        if picture.map({ cairo_surface_get_content($0) != CAIRO_CONTENT_COLOR }) ?? true {
            image.fill([outer], face)
        }
        if let picture { drawImage(picture, card: card, geometry: geometry, fit: fit, clip: outer) }
        if let border = look.resolvedBorderWidth, border > 0,
            let inner = screen(CardGeometry.inset(width: w, height: h, radius: radius, by: min(border, min(w, h) / 2)))
        {
            let color = CardColor(hex: look.borderColor ?? "#000000") ?? CardColor(red: 0, green: 0, blue: 0)
            image.fill([outer, inner], color, evenOdd: true)
        } else if let inner = screen(
            CardGeometry.inset(width: w, height: h, radius: radius, by: CardLook.edgeWidth))
        {
            image.fill([outer, inner], CardColor(0, 0, 0), alpha: CardLook.edgeOpacity, evenOdd: true)
        }
        if !backColor, !card.title.isEmpty {
            let glyphs = text.outlines(card.title, size: CardLook.titleSize(width: w, height: h))
            cairo_save(cr)
            cairo_new_path(cr)
            image.addPolygons([outer])
            cairo_clip(cr)
            image.fill(glyphs.polygons.compactMap { screen($0, dx: w / 2, dy: h / 2) }, CardLook.titleColor)
            cairo_restore(cr)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Maps `picture` onto the card, covering it and centred (CSS `background-size: cover`),
    /// through the homography from the picture's pixels to the screen's: pixman samples each
    /// screen pixel of the quad's box through the inverse (bilinear), into the scratch
    /// picture, which Cairo paints clipped to the card's outline.
    func drawImage(
        _ picture: OpaquePointer, card: CardPlacement, geometry: CardGeometry, fit: ViewportFit, clip: [Point]
    ) {
        let iw = Double(cairo_image_surface_get_width(picture))
        let ih = Double(cairo_image_surface_get_height(picture))
        let (w, h) = card.size
        let s = max(w / iw, h / ih)
        let (ox, oy) = ((w - iw * s) / 2, (h - ih * s) / 2)
        let source = [Point(0, 0), Point(iw, 0), Point(iw, ih), Point(0, ih)]
        var target: [Point] = []
        for p in source {
            guard let q = geometry.project(ox + p.x * s, oy + p.y * s) else { return }
            target.append(fit.pixel(q))
        }
        guard let inverse = Homography(from: target, to: source) else { return }
        let m = inverse.m
        // A card without perspective (every card of a stack at rest but the turning one) is
        // an affine map, up to rounding: Cairo paints it in one pass with its own pixman
        // fast paths. Only a card in perspective goes through the scratch picture.
        if abs(m[6]) * Double(width) + abs(m[7]) * Double(height) < 1e-9 {
            let cr = image.context
            cairo_save(cr)
            cairo_new_path(cr)
            image.addPolygons([clip])
            cairo_clip(cr)
            let pattern = cairo_pattern_create_for_surface(picture)!
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, m[0], m[3], m[1], m[4], m[2], m[5])
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
            cairo_restore(cr)
            return
        }
        if scratch == nil { scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) }
        guard let scratch else { return }
        let xs = clip.map(\.x)
        let ys = clip.map(\.y)
        let x0 = max(0, Int(xs.min()!.rounded(.down)))
        let y0 = max(0, Int(ys.min()!.rounded(.down)))
        let x1 = min(width, Int(xs.max()!.rounded(.up)))
        let y1 = min(height, Int(ys.max()!.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        cairo_surface_flush(picture)
        cairo_surface_flush(scratch)
        let src = pixmanImage(picture)
        let dst = pixmanImage(scratch)
        defer {
            pixman_image_unref(src)
            pixman_image_unref(dst)
        }
        var f = pixman_f_transform()
        // pixman's transform is 16.16 fixed point: a perspective row of entries near 1e-4
        // would keep only a few bits. Any multiple of the matrix is the same map, so scale it
        // until its largest entry is near the fixed-point limit (32767), which keeps every
        // entry's relative precision (affine maps went to Cairo above).
        let largest = m.map(abs).max() ?? 1
        let n = m.map { $0 * 16384 / largest }
        f.m = ((n[0], n[1], n[2]), (n[3], n[4], n[5]), (n[6], n[7], n[8]))
        var t = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&t, &f) != 0 else { return }
        pixman_image_set_transform(src, &t)
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        // The image covers the card: its edge pixels extend (not fade into transparency over
        // the last half source pixel), and the card's outline clips.
        pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(
            PIXMAN_OP_SRC, src, nil, dst, Int32(x0), Int32(y0), 0, 0, Int32(x0), Int32(y0), Int32(x1 - x0),
            Int32(y1 - y0))
        cairo_surface_mark_dirty(scratch)
        let cr = image.context
        cairo_save(cr)
        cairo_new_path(cr)
        image.addPolygons([clip])
        cairo_clip(cr)
        cairo_set_source_surface(cr, scratch, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func pixmanImage(_ surface: OpaquePointer) -> OpaquePointer {
        let data = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 1) { $0 }
        return pixman_image_create_bits(
            PIXMAN_a8r8g8b8, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface), data,
            cairo_image_surface_get_stride(surface))!
    }
}
