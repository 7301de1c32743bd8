import CardStackLook
import Testing

/// The one reader of image headers, on bytes made here: the sizes it reads, the bounds it
/// applies and the sentences it refuses with. No files.
@Suite struct ImageHeaderTests {
    func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }

    /// A PNG's signature and IHDR (8-bit RGBA), then `chunks` (length, kind) with no data.
    func png(_ w: Int, _ h: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13, 4) + Array("IHDR".utf8) + be(w, 4) + be(h, 4)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// SOI, an APP0 segment of 16 bytes, then a baseline frame header (SOF0) of `w` × `h`.
    func jpeg(_ w: Int, _ h: Int, marker: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + be(16, 2) + [UInt8](repeating: 0, count: 14) + [0xFF, marker] + be(17, 2) + [8]
            + be(h, 2) + be(w, 2) + [3] + [UInt8](repeating: 0, count: 9)
    }

    func reason(_ bytes: [UInt8]) -> String? {
        if case .failure(let refusal) = ImageHeader.parse(bytes) { return refusal.reason }
        return nil
    }

    @Test func readsAPNGsAndAJPEGsSize() throws {
        let p = try ImageHeader.parse(png(640, 480)).get()
        #expect(p.kind == .png && p.width == 640 && p.height == 480 && p.imageDataLimit > 640 * 480 * 4)
        let j = try ImageHeader.parse(jpeg(800, 600)).get()
        #expect(j == ImageHeader(kind: .jpeg, width: 800, height: 600))
        // A progressive frame (SOF2) counts; a Huffman table (C4) is no frame.
        #expect((try? ImageHeader.parse(jpeg(8, 8, marker: 0xC2)).get())?.width == 8)
        #expect(reason(jpeg(8, 8, marker: 0xC4)) == "a corrupt JPEG (no frame header)")
    }

    @Test func theBoundsAreEightThousandASideAndSixteenMillionInAll() {
        #expect(reason(png(8192, 2048)) == nil)
        #expect(reason(png(8193, 1))?.hasPrefix("8193 × 1 pixels, more than the 8192 a side") == true)
        #expect(reason(jpeg(4097, 4096))?.contains("16777216 in all") == true)
        #expect(reason(png(0, 10)) == "an image of no pixels")
    }

    @Test func whatIsNoImageSaysSo() {
        #expect(reason(Array("GIF89a".utf8)) == "not a PNG or JPEG image")
        #expect(reason(Array(png(1, 1).prefix(20))) == "a corrupt PNG (no IHDR header)")
        // Cut inside IHDR, before its depth and colour type: refused, not read past the end.
        #expect(reason(Array(png(1, 1).prefix(25))) == "a corrupt PNG (no IHDR header)")
        var bad = jpeg(8, 8)
        bad[4] = 0x12
        bad[20] = 0x00
        #expect(reason(bad)?.hasPrefix("a corrupt JPEG") == true)
    }

    @Test func aPNGWhoseImageDataOutgrowsItsPixelsIsABomb() throws {
        let header = try ImageHeader.parse(png(4, 4)).get()
        func walk(_ bytes: [UInt8], size: Int? = nil) -> String? {
            header.pngChunksProblem(size: size ?? bytes.count) { at, n in Array(bytes[at..<min(at + n, bytes.count)]) }
        }
        // The IDAT's length alone says it: its bytes are not read.
        let bomb = png(4, 4) + be(header.imageDataLimit + 1, 4) + Array("IDAT".utf8)
        #expect(walk(bomb, size: bomb.count + header.imageDataLimit + 5)?.hasPrefix("a decompression bomb") == true)
        let fine =
            png(4, 4) + be(100, 4) + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 104) + be(0, 4)
            + Array("IEND".utf8) + [0, 0, 0, 0]
        #expect(walk(fine) == nil)
    }
}
