/// What the first bytes of an image file say: PNG or JPEG, and its size in pixels, within the
/// bounds a decoded image may have (docs/parameters.md, "The look"). The one reader of image
/// headers: `LookImageFile` (CardStackSystem) reads the files and asks it; the decoders
/// (Cairo's libpng, libjpeg-turbo) only decode what it passed. Pure: bytes in, nothing read.
public struct ImageHeader: Sendable, Equatable {
    /// At most this many pixels a side and in all (4096 × 4096): a decoded image takes at
    /// most 64 MiB, whatever its file claims.
    public static let maximumSide = 8192
    public static let maximumPixels = 4096 * 4096

    /// The two formats the look reads.
    public enum Kind: String, Sendable { case png, jpeg }

    /// The format, by its signature.
    public var kind: Kind
    /// The size in pixels, as the header says.
    public var width: Int
    public var height: Int
    /// A PNG's most compressed image data (IDAT bytes) its pixels can need; 0 for JPEG.
    public var imageDataLimit = 0

    /// A header of `kind` and size (no image data limit: see ``parse(_:)``).
    public init(kind: Kind, width: Int, height: Int) {
        (self.kind, self.width, self.height) = (kind, width, height)
    }

    /// The header of PNG or JPEG bytes (the file's start: a JPEG's frame header may follow its
    /// metadata), with the size bounds applied; the failure is why, in words.
    public static func parse(_ b: [UInt8]) -> Result<ImageHeader, Refusal> {
        func problem(_ reason: String) -> Result<ImageHeader, Refusal> { .failure(Refusal(reason: reason)) }
        func be(_ i: Int, _ n: Int) -> Int { (i..<(i + n)).reduce(0) { $0 << 8 | Int(b[$1]) } }
        var found: ImageHeader?
        if b.count >= 8, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard b.count >= 26, b[12..<16].elementsEqual(Array("IHDR".utf8)) else {
                return problem("a corrupt PNG (no IHDR header)")
            }
            found = ImageHeader(kind: .png, width: be(16, 4), height: be(20, 4))
            found?.imageDataLimit = pngImageDataLimit(width: be(16, 4), height: be(20, 4), depth: b[24], color: b[25])
        } else if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF {
            var i = 2
            while i + 9 < b.count, found == nil {
                guard b[i] == 0xFF else { return problem("a corrupt JPEG (a marker expected at byte \(i))") }
                let marker = b[i + 1]
                if marker == 0xFF {
                    i += 1
                    continue
                }
                let length = be(i + 2, 2)
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    found = ImageHeader(kind: .jpeg, width: be(i + 7, 2), height: be(i + 5, 2))
                }
                guard length >= 2 else { return problem("a corrupt JPEG (a segment of length \(length))") }
                i += 2 + length
            }
            guard found != nil else { return problem("a corrupt JPEG (no frame header)") }
        } else {
            return problem("not a PNG or JPEG image")
        }
        guard let header = found, header.width > 0, header.height > 0 else {
            return problem("an image of no pixels")
        }
        if header.width > maximumSide || header.height > maximumSide || header.width * header.height > maximumPixels {
            return problem(
                "\(header.width) × \(header.height) pixels, more than the \(maximumSide) a side and "
                    + "\(maximumPixels) in all an image may have")
        }
        return .success(header)
    }

    /// Why a header is refused, in words (the file's path is the reader's to add).
    public struct Refusal: Error, Sendable, Equatable {
        public var reason: String
    }
}
