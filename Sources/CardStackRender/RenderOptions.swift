import CardLayout
import CardStackLook

/// What went wrong, said so that the user knows what to change.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// The render stopped at its time limit (``RenderBudget``).
    public var overBudget = false
    public init(_ description: String) { self.description = description }
}

/// The files `cardstack render` writes, by their extension.
public enum RenderFormat: String, Sendable, CaseIterable {
    case gif
    /// Animated PNG (`.png`).
    case apng = "png"
    case mp4
    case webm

    /// The format of a file named `path`.
    public init(path: String) throws(RenderError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        guard let format = RenderFormat(rawValue: ext) else {
            let what = ext.isEmpty ? "\(path) has no extension" : "unknown extension .\(ext) in \(path)"
            throw RenderError(
                "\(what): the output's name says its format, one of .gif, .png (animated PNG), .mp4, .webm")
        }
        self = format
    }

    /// The format a `?format=` query names (the extension without the dot).
    public init(name: String) throws(RenderError) {
        guard let format = RenderFormat(rawValue: name.lowercased()) else {
            throw RenderError("unknown format \"\(name)\": gif, png (animated PNG), mp4 or webm")
        }
        self = format
    }

    /// The HTTP `Content-Type` of the file.
    public var mediaType: String {
        switch self {
        case .gif: "image/gif"
        case .apng: "image/apng"
        case .mp4: "video/mp4"
        case .webm: "video/webm"
        }
    }

    /// Video codecs take 4:2:0 chroma, which needs even sides.
    var needsEvenSize: Bool { self == .mp4 || self == .webm }

    /// GIF delays are whole hundredths of a second: the rates that divide 100, below the
    /// 100 fps that browsers slow to 10.
    public static let gifRates = [50, 25, 20, 10, 5, 4, 2, 1]

    /// The default frame rate: 50 for GIF (2 cs per frame); otherwise the recording's own
    /// rate, at most 60.
    public func defaultFPS(recordingRate: Int) -> Int {
        self == .gif ? 50 : max(1, min(recordingRate, 60))
    }
}

/// How to render: the user's options (`cardstack render --fps --from --to --scale --size
/// --background`) before the recording is known.
public struct RenderOptions: Sendable {
    public var format: RenderFormat
    public var fps: Int?
    /// Seconds after the recording's first frame.
    public var from: Double?
    public var to: Double?
    /// Pixels per viewport point (ignored with `size`).
    public var scale = 1.0
    /// The picture's size; the viewport is fitted inside, centred.
    public var size: (width: Int, height: Int)?
    public var background = CardLook.background
    /// Seconds the render may take, drawing and encoding (``RenderBudget``).
    public var timeLimit = RenderBudget.commandTimeLimit
    /// The largest file written, bytes; nil for no limit (``RenderBudget``).
    public var maximumBytes: Int?

    public init(format: RenderFormat) { self.format = format }

    /// Refuses what cannot be rendered, before any work.
    public func validate() throws(RenderError) {
        if let fps {
            if format == .gif, !RenderFormat.gifRates.contains(fps) {
                let rates = RenderFormat.gifRates.map(String.init).joined(separator: ", ")
                throw RenderError(
                    "--fps \(fps) cannot be written as a GIF, whose frame delays are whole hundredths of a second: use one of \(rates) (default 50)"
                )
            }
            guard (1...240).contains(fps) else { throw RenderError("--fps must be 1...240, got \(fps)") }
        }
        if let from, !(from >= 0 && from.isFinite) {
            throw RenderError("--from must be 0 or more seconds, got \(from)")
        }
        if let to, !(to >= 0 && to.isFinite) { throw RenderError("--to must be 0 or more seconds, got \(to)") }
        if let from, let to, to < from { throw RenderError("--to (\(to) s) comes before --from (\(from) s)") }
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw RenderError("--scale must be in (0, 8], got \(scale)")
        }
        if let size, !(1...8192).contains(size.width) || !(1...8192).contains(size.height) {
            throw RenderError("--size must be WxH with each side 1...8192, got \(size.width)x\(size.height)")
        }
        if let size, let why = RenderBudget.pictureProblem(width: size.width, height: size.height) {
            throw RenderError("--size \(size.width)x\(size.height): \(why)")
        }
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 86_400 else {
            throw RenderError("--time-limit must be more than 0 and at most 86400 seconds, got \(timeLimit)")
        }
    }

    /// The picture's size for a viewport: `size`, or the viewport times `scale`; even for
    /// MP4 and WebM (the spare pixel is background).
    public func pictureSize(viewport: (width: Double, height: Double)) -> (width: Int, height: Int) {
        // Made Ints only once in range: the picture's size is checked where it is made.
        func pixels(_ points: Double) -> Int {
            let x = (points * scale).rounded(.up)
            return x.isFinite ? Int(min(max(x, 0), 1e9)) : 0
        }
        var (w, h) = size ?? (pixels(viewport.width), pixels(viewport.height))
        w = max(w, 1)
        h = max(h, 1)
        if format.needsEvenSize {
            w += w % 2
            h += h % 2
        }
        return (w, h)
    }

    /// `WxH`, e.g. `1080x1920`.
    public static func parseSize(_ text: String) throws(RenderError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw RenderError("--size must be WIDTHxHEIGHT in pixels, e.g. 750x1334, got \"\(text)\"")
        }
        return (w, h)
    }

    /// `#rrggbb` (or `rrggbb`).
    public static func parseColor(_ text: String) throws(RenderError) -> CardColor {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
            throw RenderError("--background must be a colour as #rrggbb, e.g. #ffffff, got \"\(text)\"")
        }
        return CardColor(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
