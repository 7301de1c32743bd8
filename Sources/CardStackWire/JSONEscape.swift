/// How a JSON string holds the bytes it cannot hold as they are: the one escaper of the
/// wire, used by every writer (``WireEncoder`` and the hand-written frame and parameter
/// writers), so all of them write the same bytes for the same string.
enum JSONEscape {
    /// Whether `byte` (UTF-8) must be escaped inside a JSON string.
    @inline(__always)
    static func needed(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape of a byte that ``needed(_:)``, handed to `emit` one byte at a time: `\"`,
    /// `\\`, `\n`, `\r`, `\t`, or `\u00XX` with lower-case hex digits.
    @inline(__always)
    static func escape(_ byte: UInt8, _ emit: (UInt8) -> Void) {
        emit(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): emit(byte)
        case UInt8(ascii: "\n"): emit(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): emit(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): emit(UInt8(ascii: "t"))
        default:
            emit(UInt8(ascii: "u"))
            emit(UInt8(ascii: "0"))
            emit(UInt8(ascii: "0"))
            emit(hexDigit(byte >> 4))
            emit(hexDigit(byte & 15))
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ value &- 10
    }
}
