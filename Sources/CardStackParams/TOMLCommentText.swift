#if canImport(Glibc)
    import Glibc
#endif

/// The text of a TOML file with the body of its comments taken out, for the parser.
///
/// A parameter file is mostly comments (the default file: 4.3 kB, of which 0.4 kB is keys
/// and values), and toml++ reads a comment one code point at a time, checking each: most
/// of a save's parse went there. This removes what follows each `#` up to its line break,
/// keeping the `#` and the break, so every key, value and error keeps its line and column
/// and the parser sees exactly the same keys and values.
///
/// Only a comment toml++ would accept is shortened: one whose body is tabs and printable
/// characters (the caller has checked the text is UTF-8 with no NUL), followed by a line
/// break. One with any other control character (which TOML forbids in comments) or on the
/// last line of the file stays as it is, so toml++ reports the same error at the same place.
///
/// Strings are followed as TOML lays them out (basic and literal, single- and multi-line,
/// escapes), so a `#` inside one is never taken for a comment. Where the text stops being
/// valid TOML the parser reports an error there, before anything this changed.
///
/// What it buys (`make bench`, wire-benchmark, 2026-11-26, quiet): the default file's tree
/// in 25 µs, against 70 µs when toml++ reads the comments itself; a save's whole reload
/// (read, parse, validate, publish) is about 300 µs.
enum TOMLCommentText {
    /// The shortened text, or nil when there is no comment text to take out.
    ///
    /// - Parameter plain: what ``isPlain(_:)`` says of `text`, when the caller knows.
    static func strip(_ text: [UInt8], plain: Bool? = nil) -> [UInt8]? {
        text.withUnsafeBufferPointer { strip($0, plain: plain ?? isPlain($0)) }
    }

    /// Whether `text` is UTF-8 with no control character but tab and line feed (no NUL, no
    /// carriage return). In such a text every comment is one toml++ accepts, so comments are
    /// taken out without looking at their bodies, and the text needs no other UTF-8 check.
    static func isPlain(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { isPlain($0) }
    }

    private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = text.count
        var i = 0
        while i < n {
            // Eight bytes at a time while they are ASCII with no control character but tab
            // and line feed (a whole parameter file, but for a `§` or two).
            while i + 8 <= n, isPlainASCII(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { i += 8 }
            guard i < n else { break }
            let b = text[i]
            if b < 0x80 {
                if b != newline, isRefusedInComment(b) { return false }
                i += 1
                continue
            }
            // A multi-byte sequence, checked as Unicode's table of well-formed UTF-8 says
            // (no overlong forms, no surrogates, nothing past U+10FFFF).
            let length: Int
            let second: ClosedRange<UInt8>
            switch b {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            default: return false
            }
            guard i + length <= n, second.contains(text[i + 1]) else { return false }
            for k in 2..<length where !(0x80...0xBF).contains(text[i + k]) { return false }
            i += length
        }
        return true
    }

    /// Whether eight bytes are all ASCII with no control character but tab and line feed,
    /// tested on the word at once: each byte's top bit says so for its own byte (no carry
    /// crosses a byte in these sums).
    @inline(__always)
    private static func isPlainASCII(_ w: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// The top bit of each byte of `x` that is zero.
        func zero(_ x: UInt64) -> UInt64 { ~(((x & low) &+ low) | x) & high }
        let control = ~((w & low) &+ 0x6060_6060_6060_6060) & high  // below 0x20
        let allowed = zero(w ^ 0x0909_0909_0909_0909) | zero(w ^ 0x0A0A_0A0A_0A0A_0A0A)
        return (w & high) | (control & ~allowed) | zero(w ^ low) == 0
    }

    /// A control character TOML forbids in a comment: all but tab (a line feed ends one).
    @inline(__always)
    private static func isRefusedInComment(_ b: UInt8) -> Bool { (b < 0x20 && b != tab) || b == 0x7F }

    private enum State { case plain, basic, literal, multiLineBasic, multiLineLiteral }

    private static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), hash = UInt8(ascii: "#")
    private static let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
    private static let tab = UInt8(ascii: "\t")

    private static func strip(_ text: UnsafeBufferPointer<UInt8>, plain: Bool) -> [UInt8]? {
        let n = text.count
        var out: [UInt8] = []
        var copied = 0  // text[copied..<i] is still to be copied to `out`
        var state = State.plain
        var i = 0

        /// Whether three `mark`s start at `i`.
        func triple(_ mark: UInt8) -> Bool {
            i + 2 < n && text[i] == mark && text[i + 1] == mark && text[i + 2] == mark
        }

        while i < n {
            let c = text[i]
            switch state {
            case .plain:
                if c == quote {
                    if triple(quote) {
                        state = .multiLineBasic
                        i += 3
                    } else {
                        state = .basic
                        i += 1
                    }
                } else if c == apostrophe {
                    if triple(apostrophe) {
                        state = .multiLineLiteral
                        i += 3
                    } else {
                        state = .literal
                        i += 1
                    }
                } else if c == hash {
                    // The body: after the `#`, up to the line break (`\n` or `\r\n`).
                    let end = lineEnd(text, from: i + 1)
                    // The last line stays as it is: toml++ places an error at the end of the
                    // file after its last character, even past the final line break.
                    guard end < n - 1 else {
                        i = n
                        break
                    }
                    var bodyEnd = end
                    if bodyEnd > i + 1, text[bodyEnd - 1] == cr { bodyEnd -= 1 }
                    let accepted = plain || !text[(i + 1)..<max(i + 1, bodyEnd)].contains(where: isRefusedInComment)
                    if accepted, bodyEnd > i + 1 {
                        if out.isEmpty { out.reserveCapacity(n) }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...i]))
                        copied = bodyEnd
                    }
                    i = end + 1
                } else {
                    i += 1
                }
            case .basic:
                if c == backslash {
                    i += 2
                } else {
                    if c == quote || c == newline { state = .plain }
                    i += 1
                }
            case .literal:
                if c == apostrophe || c == newline { state = .plain }
                i += 1
            case .multiLineBasic:
                if c == backslash {
                    i += 2
                } else if triple(quote) {
                    // Up to two more quotes belong to the string: the run ends it.
                    while i < n, text[i] == quote { i += 1 }
                    state = .plain
                } else {
                    i += 1
                }
            case .multiLineLiteral:
                if triple(apostrophe) {
                    while i < n, text[i] == apostrophe { i += 1 }
                    state = .plain
                } else {
                    i += 1
                }
            }
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<n]))
        return out
    }

    /// The index of the first line feed at or after `start`, or the text's length.
    private static func lineEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < text.count, let base = text.baseAddress,
            let found = memchr(base + start, Int32(newline), text.count - start)
        else { return text.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
