import CardLayout

/// One of the look's images made small for the terminal viewer: premultiplied R, G, B, A
/// bytes, row by row, at most ``maximumSide`` pixels a side, and the size of the file's
/// picture it was made from (whose shape decides how it covers a card).
public struct LookThumbnail: Sendable, Equatable {
    /// A terminal shows a card a few dozen half-block pixels wide: this keeps enough detail
    /// and bounds the memory of any image to 64 KiB.
    public static let maximumSide = 128

    public let width: Int
    public let height: Int
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// `4 * width * height` bytes: R, G, B, A, premultiplied by A.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4 && width > 0 && height > 0)
        (self.width, self.height, self.sourceWidth, self.sourceHeight) = (width, height, sourceWidth, sourceHeight)
        self.pixels = pixels
    }

    /// The colour at `(u, v)` of the source picture (0...1 each way, clamped), over `under`.
    public func color(u: Double, v: Double, over under: CardColor) -> CardColor {
        let x = min(max(Int(u * Double(width)), 0), width - 1)
        let y = min(max(Int(v * Double(height)), 0), height - 1)
        let i = (y * width + x) * 4
        let rest = 255 - Int(pixels[i + 3])
        func channel(_ p: UInt8, _ c: UInt8) -> UInt8 { UInt8(min(255, Int(p) + (Int(c) * rest + 127) / 255)) }
        return CardColor(
            channel(pixels[i], under.redByte), channel(pixels[i + 1], under.greenByte),
            channel(pixels[i + 2], under.blueByte))
    }
}
