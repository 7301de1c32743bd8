/// The bounds on one card title, shared by `card.titles` and `insert`.
///
/// A title is bounded in characters (what a person counts) and in the bytes it takes in a
/// frame (what a client reads): without the second, one grapheme cluster can carry
/// kilobytes of combining marks, and a frame of 1024 such cards ran to 100 MB. With both,
/// the titles of a frame's at most 1024 cards take at most 1024 × 258 bytes (264 kB), and
/// a whole frame stays under 1 MiB (docs/protocol.md, Limits).
extension Deck {
    /// The most bytes a title may take in a frame: its UTF-8 with `"`, `\` and control
    /// characters counted as their JSON escapes (2 or 6 bytes), the quotes not counted.
    public static let maximumTitleBytes = 256

    /// The bytes `title` takes in a frame's JSON, without its quotes (see ``maximumTitleBytes``).
    public static func frameBytes(of title: String) -> Int {
        var total = 0
        for b in title.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                total += 2
            case 0..<0x20: total += 6
            default: total += 1
            }
        }
        return total
    }

    /// Why `title` cannot be a card's title, or nil when it can: too many characters
    /// (``maximumTitleLength``) or bytes (``maximumTitleBytes``). Empty titles are left to
    /// the caller (`card.titles` allows them, `insert` does not).
    public static func titleProblem(_ title: String) -> String? {
        let bytes = frameBytes(of: title)
        if bytes > maximumTitleBytes {
            return "is \(bytes) bytes long as sent in a frame (UTF-8, with quotes, backslashes and control "
                + "characters escaped); a title may be at most \(maximumTitleBytes) bytes"
        }
        let characters = title.count
        if characters > maximumTitleLength {
            return "is \(characters) characters long; a title may be at most \(maximumTitleLength)"
        }
        return nil
    }
}
