import Testing

@testable import CardLayout

@Suite struct CardColorTests {
    @Test func hexParsesBothFormsInEitherCase() {
        #expect(CardColor(hex: "#ff8800") == CardColor(red: 1, green: 136.0 / 255, blue: 0))
        #expect(CardColor(hex: "#FF880080") == CardColor(red: 1, green: 136.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(CardColor(hex: "#00000000")?.alpha == 0)
        for bad in ["", "#", "#fff", "000000", "#gggggg", "#12345", "#1234567", "#123456789", "#ff88 0"] {
            #expect(CardColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func bytesRoundTripAndTheByteInitIsOpaque() {
        for v in 0...255 {
            let b = UInt8(v)
            let c = CardColor(b, 255 - b, b / 2)
            #expect(c.redByte == b && c.greenByte == 255 - b && c.blueByte == b / 2 && c.alpha == 1)
            #expect(CardColor(hex: "#" + String(v, radix: 16).leftPadded + "0000")?.redByte == b)
        }
    }

    @Test func aComponentBecomesAByteRoundedToNearestAndClamped() {
        #expect(CardColor.byte(0.5) == 128)  // 127.5 rounds away from zero
        #expect(CardColor.byte(0.499 / 255) == 0 && CardColor.byte(0.501 / 255) == 1)
        #expect(CardColor.byte(-0.2) == 0 && CardColor.byte(1.7) == 255)
        let c = CardColor(red: 2, green: -1, blue: 0.2, alpha: 0.4)
        #expect((c.redByte, c.greenByte, c.blueByte, c.alphaByte) == (255, 0, 51, 102))
    }

    @Test func opaqueDropsOnlyTheAlpha() {
        let c = CardColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.25)
        #expect(c.opaque == CardColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
    }

    @Test func blendingMixesWholeBytesAndClampsTheAmount() {
        let black = CardColor(0, 0, 0)
        let white = CardColor(255, 255, 255)
        #expect(black.blended(toward: white, by: 0.5) == CardColor(128, 128, 128))
        #expect(black.blended(toward: white, by: 0.25) == CardColor(64, 64, 64))  // 63.75
        #expect(black.blended(toward: white, by: -1) == black)
        #expect(black.blended(toward: white, by: 2) == white)
        #expect(CardColor(10, 200, 30).blended(toward: CardColor(20, 100, 31), by: 0.5) == CardColor(15, 150, 31))
        // Components that are not whole bytes are made bytes first, as drawing would.
        #expect(CardColor(red: 0.3 / 255, green: 0, blue: 0).blended(toward: black, by: 0) == black)
    }

    @Test func blendingMixesTheAlphaToo() {
        let clear = CardColor(red: 0, green: 0, blue: 0, alpha: 0)
        let mixed = clear.blended(toward: CardColor(0, 0, 0), by: 0.5)
        #expect(mixed.alphaByte == 128 && mixed.alpha == 128.0 / 255)
        #expect(CardColor(9, 9, 9).blended(toward: CardColor(1, 1, 1), by: 0.5).alpha == 1)
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
