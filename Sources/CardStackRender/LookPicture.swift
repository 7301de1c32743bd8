import CCairo
import CJPEG
import CardLayout
import CardStackLook
import CardStackSystem

/// One of the look's image files decoded into a Cairo image surface (ARGB32), after its
/// header passed ``ImageHeader``'s bounds: read once (``LookImageFile``), then PNG by Cairo
/// (libpng), JPEG by libjpeg-turbo, each from those bytes
/// (docs/render.md, "The look").
public enum LookPicture {
    /// The decoded picture, which the caller destroys, or why the file cannot be drawn.
    static func load(_ path: String) -> Result<OpaquePointer, LookImageFile.Problem> {
        // Read once, its header read once (``ImageHeader``), and decoded from those bytes.
        switch LookImageFile.read(path) {
        case .failure(let problem): return .failure(problem)
        case .success(let (header, bytes)):
            return header.kind == .png ? png(bytes, path: path) : jpeg(bytes, header: header, path: path)
        }
    }

    static func png(_ bytes: [UInt8], path: String) -> Result<OpaquePointer, LookImageFile.Problem> {
        /// Where Cairo's reads of `bytes` are.
        final class Cursor {
            let bytes: [UInt8]
            var at = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let cursor = Cursor(bytes)
        let made = withExtendedLifetime(cursor) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let cursor = Unmanaged<Cursor>.fromOpaque(closure).takeUnretainedValue()
                    let n = Int(length)
                    guard cursor.at + n <= cursor.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    cursor.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + cursor.at, count: n) }
                    cursor.at += n
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(cursor).toOpaque())
        }
        guard let made else {
            return .failure(LookImageFile.Problem(path: path, reason: "a corrupt PNG"))
        }
        let status = cairo_surface_status(made)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(made)
            let why =
                status == CAIRO_STATUS_NO_MEMORY ? "out of memory" : String(cString: cairo_status_to_string(status))
            return .failure(LookImageFile.Problem(path: path, reason: "a corrupt PNG (\(why))"))
        }
        return .success(made)
    }

    static func jpeg(_ bytes: [UInt8], header: ImageHeader, path: String) -> Result<
        OpaquePointer, LookImageFile.Problem
    > {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            cardstack_jpeg_decode(
                data.baseAddress, UInt(data.count), header.width, header.height, &pixels, &width, &height, &message,
                message.count)
        }
        guard status == 0, let pixels else {
            return .failure(LookImageFile.Problem(path: path, reason: String(cString: message)))
        }
        defer { free(pixels) }
        // Opaque: RGB24 (the same bytes, alpha ignored), so the card's fill is not drawn under it.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return .failure(LookImageFile.Problem(path: path, reason: "out of memory for \(width) × \(height) pixels"))
        }
        // B, G, R, A rows (A 255, so premultiplied as they are), copied row by row into the
        // surface's stride.
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for row in 0..<Int(height) {
            (data + row * stride).update(from: pixels + row * Int(width) * 4, count: Int(width) * 4)
        }
        cairo_surface_mark_dirty(surface)
        return .success(surface)
    }
}

extension LookPicture {
    /// The look's images made small for the terminal viewer (``LookThumbnail``), one per
    /// file `card.images` names, resolved against `parameterFile`'s directory; nil for a file
    /// that cannot be drawn. Each is decoded, box-averaged down and freed before the next.
    public static func thumbnails(_ card: Parameters.Card, parameterFile: String?) -> [LookThumbnail?] {
        guard let patterns = card.images else { return [] }
        var directory = "."
        if let path = parameterFile, let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        guard case .success(let files) = LookImageFile.resolve(patterns, relativeTo: directory) else { return [] }
        return files.map { file in
            guard case .success(let surface) = load(file) else { return nil }
            defer { cairo_surface_destroy(surface) }
            return thumbnail(surface)
        }
    }

    /// `surface` box-averaged to at most ``LookThumbnail/maximumSide`` pixels a side.
    static func thumbnail(_ surface: OpaquePointer) -> LookThumbnail {
        cairo_surface_flush(surface)
        let (sw, sh) = (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        // RGB24 (an opaque picture) leaves the fourth byte undefined: count it as 255.
        let opaque = cairo_surface_get_content(surface) == CAIRO_CONTENT_COLOR
        let step = max(1, (max(sw, sh) + LookThumbnail.maximumSide - 1) / LookThumbnail.maximumSide)
        let (w, h) = ((sw + step - 1) / step, (sh + step - 1) / step)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var sum = (0, 0, 0, 0)
                var n = 0
                for sy in (y * step)..<min((y + 1) * step, sh) {
                    for sx in (x * step)..<min((x + 1) * step, sw) {
                        // ARGB32 in native order: B, G, R, A bytes on this little-endian machine.
                        let p = data + sy * stride + sx * 4
                        sum = (
                            sum.0 + Int(p[2]), sum.1 + Int(p[1]), sum.2 + Int(p[0]), sum.3 + (opaque ? 255 : Int(p[3]))
                        )
                        n += 1
                    }
                }
                let i = (y * w + x) * 4
                out[i] = UInt8(sum.0 / n)
                out[i + 1] = UInt8(sum.1 / n)
                out[i + 2] = UInt8(sum.2 / n)
                out[i + 3] = UInt8(sum.3 / n)
            }
        }
        return LookThumbnail(width: w, height: h, sourceWidth: sw, sourceHeight: sh, pixels: out)
    }
}
