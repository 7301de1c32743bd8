/// The elements of an array value, so a save that keeps the element count changes each
/// element in place and keeps what lies between them: comments, line breaks, indentation.
extension TOMLLineMap {
    /// `text[range]` (an array value) with each element replaced by the element of `new` (an
    /// array value's text) at the same place; nil when either is not an array or their
    /// element counts differ (then the whole value is replaced).
    static func replacingElements(of text: [UInt8], in range: Range<Int>, with new: [UInt8]) -> [UInt8]? {
        guard let old = elements(of: text, in: range), let wanted = elements(of: new, in: 0..<new.count),
            !old.isEmpty, old.count == wanted.count
        else { return nil }
        var out = Array(text[..<range.lowerBound])
        var at = range.lowerBound
        for (span, replacement) in zip(old, wanted) {
            out += text[at..<span.lowerBound]
            out += new[replacement]
            at = span.upperBound
        }
        out += text[at...]
        return out
    }

    /// Where each element of the array value `text[range]` is (without the blanks, commas and
    /// comments around it); nil when it is not an array.
    static func elements(of text: [UInt8], in range: Range<Int>) -> [Range<Int>]? {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end, text[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var spans: [Range<Int>] = []
        func skipGaps() {
            while i < end {
                switch text[i] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 10, 13: i += 1
                case UInt8(ascii: "#"):
                    while i < end, text[i] != 10 { i += 1 }
                default: return
                }
            }
        }
        while true {
            skipGaps()
            guard i < end else { return nil }
            if text[i] == UInt8(ascii: "]") { return spans }
            let start = i
            var depth = 0
            element: while i < end {
                let c = text[i]
                switch c {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    i = stringEnd(text, from: i, limit: end)
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { break element }
                    depth -= 1
                case UInt8(ascii: "#"):
                    if depth == 0 { break element }
                    while i < end, text[i] != 10 { i += 1 }
                    continue
                case UInt8(ascii: ","), 10, 13:
                    if depth == 0 { break element }
                default: break
                }
                i += 1
            }
            var last = i
            while last > start, text[last - 1] == UInt8(ascii: " ") || text[last - 1] == UInt8(ascii: "\t") {
                last -= 1
            }
            guard last > start else { return nil }
            spans.append(start..<last)
            skipGaps()
            guard i < end else { return nil }
            if text[i] == UInt8(ascii: ",") {
                i += 1
            } else if text[i] != UInt8(ascii: "]") {
                return nil
            }
        }
    }

    /// Just past the string (basic or literal, one line or three quotes) starting at `i`.
    private static func stringEnd(_ text: [UInt8], from start: Int, limit end: Int) -> Int {
        let quote = text[start]
        let triple = start + 2 < end && text[start + 1] == quote && text[start + 2] == quote
        var i = start + (triple ? 3 : 1)
        while i < end {
            if quote == UInt8(ascii: "\""), text[i] == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if text[i] == quote, !triple || (i + 2 < end && text[i + 1] == quote && text[i + 2] == quote) {
                i += triple ? 3 : 1
                while triple, i < end, text[i] == quote { i += 1 }
                return i
            }
            i += 1
        }
        return end
    }
}
