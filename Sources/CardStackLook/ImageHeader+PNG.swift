/// A PNG's chunks walked by their headers, without inflating anything: a decompression bomb
/// whose header is small (a few pixels) but whose compressed image data would inflate to far
/// more is refused, as is one whose header is huge (``ImageHeader/parse(_:)``).
extension ImageHeader {
    /// At most this many chunks are walked (a PNG written in 8 KiB pieces has a few thousand).
    public static let maximumChunks = 100_000

    /// The most IDAT bytes an image of these pixels can need: deflate never stores more than
    /// its input plus 5 bytes a 64 KiB block, and Adam7's passes add at most 7 filter bytes
    /// and 7 part-bytes a row. Generous by a sixty-fourth and a kilobyte.
    static func pngImageDataLimit(width: Int, height: Int, depth: UInt8, color: UInt8) -> Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(color)] ?? 4
        let bits = min(width, 1 << 20) * channels * max(Int(depth), 1)
        let raw = min(height, 1 << 20) * (1 + (bits + 7) / 8 + 14)
        return raw + raw / 64 + 1024
    }

    /// Why the chunks of a PNG of `size` bytes are not those of an image of this header's
    /// size, or nil; `read(offset, count)` gives up to `count` bytes at `offset`.
    public func pngChunksProblem(size: Int, read: (Int, Int) -> [UInt8]) -> String? {
        let header = self
        var offset = 8
        var imageData = 0
        var chunks = 0
        while offset + 8 <= size {
            let b = read(offset, 8)
            guard b.count == 8 else { return nil }
            let length = b[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: b[4..<8], as: UTF8.self)
            if kind == "IEND" { return nil }
            if kind == "IDAT" {
                imageData += length
                if imageData > header.imageDataLimit {
                    return "a decompression bomb (more than \(header.imageDataLimit) bytes of compressed image data, "
                        + "more than its \(header.width) × \(header.height) pixels can need)"
                }
            }
            chunks += 1
            guard chunks <= Self.maximumChunks else { return "a corrupt PNG (more than \(Self.maximumChunks) chunks)" }
            offset += 12 + length
        }
        return nil
    }
}
