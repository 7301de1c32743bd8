/// A key press or mouse event, decoded from terminal input.
public enum Key: Sendable, Equatable {
    /// A printable ASCII character.
    case character(Character)
    /// Cursor and paging keys.
    case up, down, pageUp, pageDown, home, end
    /// A lone ESC.
    case escape
    /// Ctrl-C (byte 3 in raw mode).
    case interrupt
    /// Ctrl-L.
    case redraw
    /// The mouse wheel (button 64 and 65 reports).
    case wheelUp, wheelDown
}

/// Turns raw terminal input bytes into ``Key``s, keeping an unfinished escape sequence
/// for the next chunk.
///
/// Understands CSI and SS3 cursor keys (`ESC [ A`, `ESC O A`), `ESC [ 5 ~`-style keys, SGR
/// mouse reports (`ESC [ < b ; x ; y M`, mode 1006) and legacy X10 ones (`ESC [ M b x y`).
/// Anything else is skipped. A chunk that is exactly `ESC` is the Escape key.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// The keys in `bytes` (plus whatever was left over from the last call).
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            let byte = pending[i]
            if byte == 0x1B {
                if i + 1 == pending.count {
                    // A lone ESC ending the chunk: the Escape key if it is the whole chunk,
                    // else the start of a sequence still on its way.
                    if i == 0, pending.count == 1 {
                        keys.append(.escape)
                        i += 1
                    }
                    break
                }
                guard let (key, length) = Self.escapeSequence(pending[i...]) else { break }
                if let key { keys.append(key) }
                i += length
                continue
            }
            switch byte {
            case 3: keys.append(.interrupt)
            case 12: keys.append(.redraw)
            case 32...126: keys.append(.character(Character(Unicode.Scalar(byte))))
            default: break
            }
            i += 1
        }
        pending.removeFirst(i)
        return keys
    }

    /// Decodes the sequence at the start of `s` (which begins with ESC): the key (nil for
    /// one that means nothing here) and its length, or nil when it is incomplete.
    static func escapeSequence(_ s: ArraySlice<UInt8>) -> (Key?, Int)? {
        let b = Array(s)
        guard b.count >= 2 else { return nil }
        switch b[1] {
        case UInt8(ascii: "O"):
            guard b.count >= 3 else { return nil }
            return (cursorKey(b[2]), 3)
        case UInt8(ascii: "["):
            if b.count >= 3, b[2] == UInt8(ascii: "M") {
                guard b.count >= 6 else { return nil }
                return (wheel(Int(b[3]) - 32), 6)
            }
            // CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, one final 0x40-0x7E.
            var j = 2
            while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
            guard j < b.count else { return nil }
            let final = b[j]
            let body = String(decoding: b[2..<j], as: UTF8.self)
            return (csiKey(body, final: final), j + 1)
        default:
            // Alt+key or a stray ESC: drop the ESC, keep the key.
            return (nil, 1)
        }
    }

    static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    static func csiKey(_ body: String, final: UInt8) -> Key? {
        if body.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let fields = body.dropFirst().split(separator: ";").compactMap { Int($0) }
            return fields.count == 3 && final == UInt8(ascii: "M") ? wheel(fields[0]) : nil
        }
        if final == UInt8(ascii: "~") {
            switch body.split(separator: ";").first.flatMap({ Int($0) }) {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        }
        return cursorKey(final)
    }

    /// Mouse button code `b` (shift/meta/ctrl bits ignored): 64 wheel up, 65 wheel down.
    static func wheel(_ b: Int) -> Key? {
        switch b & ~(4 | 8 | 16) {
        case 64: .wheelUp
        case 65: .wheelDown
        default: nil
        }
    }
}
