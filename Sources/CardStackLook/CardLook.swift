import CardLayout

/// How a card looks wherever it is drawn: the page (Sources/CardStackWeb/Page, `cardColor`
/// and `.card` in its stylesheet), `snapshot --svg`, `cardstack render` and the terminal
/// viewer's colours. One source, so a GIF shows the colours the page shows; a unit test holds
/// the page's script and stylesheet to these numbers.
public enum CardLook {
    /// The stage behind the cards: the page's `.stage` background.
    public static let background = CardColor(0xF2, 0xF2, 0xF7)
    /// A title's colour (the page's `.card { color: #fff }`).
    public static let titleColor = CardColor(0xFF, 0xFF, 0xFF)
    /// The card's rounded corners, in points (`border-radius: 12px` in the page's world).
    public static let cornerRadius = 12.0
    /// The page's `box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .12)`: a 1 pt inner edge.
    public static let edgeWidth = 1.0
    public static let edgeOpacity = 0.12
    /// What a card turned past 90° shows when `card.back` is unset: its back, the card's own
    /// colour with no title and no image (docs/render.md, "Back faces"). A layer's own default
    /// (`isDoubleSided`, the front mirrored) flashes an upside-down title as a stack's front
    /// card falls past 90°.
    public static let back = CardBack.color

    /// The hue, saturation and lightness of item `item`'s card: the page's
    /// `hsl((item * 47 + 210) % 360, 58%, 44%)`.
    public static func hsl(item: Int) -> (hue: Int, saturation: Int, lightness: Int) {
        // The item is reduced first: `item * 47` overflows for items near Int.max.
        let hue = ((item % 360 * 47 + 210) % 360 + 360) % 360
        return (hue, 58, 44)
    }

    /// Item `item`'s card colour.
    public static func fill(item: Int) -> CardColor {
        let (h, s, l) = hsl(item: item)
        return CardColor.hsl(Double(h), Double(s) / 100, Double(l) / 100)
    }

    /// The same colour as CSS writes it, `hsl(257, 58%, 44%)`.
    public static func css(item: Int) -> String {
        let (h, s, l) = hsl(item: item)
        return "hsl(\(h), \(s)%, \(l)%)"
    }

    /// A title's font size for a card of `width` x `height` points (the page's
    /// `max(8, min(w, h) * 0.22)` px).
    public static func titleSize(width: Double, height: Double) -> Double {
        max(8, min(width, height) * 0.22)
    }

    /// The title's size in the circle reveal's detail view, which covers a `width` x `height`
    /// viewport.
    public static func detailTitleSize(width: Double, height: Double) -> Double {
        max(12, min(width, height) * 0.12)
    }

    /// The title shown for `item` when its card is not in the frame: its number from 1, as
    /// the deck names untitled cards.
    public static func placeholderTitle(item: Int) -> String {
        let (next, overflow) = item.addingReportingOverflow(1)
        return overflow ? "\(item)+1" : String(next)
    }

    /// `#rrggbb`.
    public static func hex(_ c: CardColor) -> String {
        let digits = Array("0123456789abcdef")
        return "#"
            + [c.redByte, c.greenByte, c.blueByte].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }
}
