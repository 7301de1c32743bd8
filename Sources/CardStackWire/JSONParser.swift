import CardStackProtocol

/// Reads one JSON text into a ``JSONValue``: the daemon's request parser. Strict JSON
/// (RFC 8259), nesting at most ``maximumDepth`` deep, and every failure says where.
public enum JSONParser {
    public static let maximumDepth = 64

    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// Byte offset where the problem is.
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset + 1)" }
    }

    public static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let array = Array(bytes)
        var reader = Reader(bytes: array)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == array.count else { throw reader.fail("unexpected data after the JSON value") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var at = 0

        func fail(_ reason: String) -> Failure { Failure(offset: at, reason: reason) }

        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
                at += 1
            }
        }

        mutating func expect(_ word: StaticString) throws(Failure) {
            let ok = word.withUTF8Buffer { w in
                at + w.count <= bytes.count && bytes[at..<(at + w.count)].elementsEqual(w)
            }
            guard ok else { throw fail("invalid literal") }
            at += word.utf8CodeUnitCount
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < JSONParser.maximumDepth else {
                throw fail("nested more than \(JSONParser.maximumDepth) levels deep")
            }
            guard let c = peek else { throw fail("unexpected end of input") }
            switch c {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw fail("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            at += 1
            var entries: [(key: String, value: JSONValue)] = []
            skipSpace()
            if peek == UInt8(ascii: "}") {
                at += 1
                return .object(entries)
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                at += 1
                skipSpace()
                entries.append((key, try value(depth: depth + 1)))
                skipSpace()
                switch peek {
                case UInt8(ascii: ",")?: at += 1
                case UInt8(ascii: "}")?:
                    at += 1
                    return .object(entries)
                default: throw fail("expected ',' or '}' in an object")
                }
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                at += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                switch peek {
                case UInt8(ascii: ",")?: at += 1
                case UInt8(ascii: "]")?:
                    at += 1
                    return .array(items)
                default: throw fail("expected ',' or ']' in an array")
                }
            }
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = at
            var integral = true
            if peek == UInt8(ascii: "-") { at += 1 }
            func digits(_ r: inout Reader) -> Int {
                let s = r.at
                while let c = r.peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { r.at += 1 }
                return r.at - s
            }
            let intStart = at
            guard digits(&self) > 0 else { throw fail("expected digits") }
            if bytes[intStart] == UInt8(ascii: "0"), at - intStart > 1 { throw fail("numbers may not start with 0") }
            if peek == UInt8(ascii: ".") {
                integral = false
                at += 1
                guard digits(&self) > 0 else { throw fail("expected digits after '.'") }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                integral = false
                at += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
                guard digits(&self) > 0 else { throw fail("expected digits in the exponent") }
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if integral, let i = Int64(text) { return .integer(i) }
            guard let d = Double(text) else { throw fail("invalid number") }
            return .number(d)
        }

        mutating func string() throws(Failure) -> String {
            at += 1
            var out: [UInt8] = []
            while true {
                guard let c = peek else { throw fail("unterminated string") }
                at += 1
                switch c {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let e = peek else { throw fail("unterminated escape") }
                    at += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        // A high surrogate pairs with a `\\u` low one after it; a lone one is
                        // U+FFFD, and whatever escape follows it is still read.
                        while (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"),
                            at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u")
                        {
                            at += 2
                            let next = try hex4()
                            if (0xDC00..<0xE000).contains(next) {
                                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (next - 0xDC00)
                            } else {
                                out.append(contentsOf: "\u{FFFD}".utf8)
                                scalar = next
                            }
                        }
                        out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                    default: throw fail("invalid escape")
                    }
                case 0..<0x20:
                    throw fail("control character in a string")
                default:
                    out.append(c)
                }
            }
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard at + 4 <= bytes.count else { throw fail("short \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[at]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw fail("invalid \\u escape")
                }
                v = v * 16 + d
                at += 1
            }
            return v
        }
    }
}
