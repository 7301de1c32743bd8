import CardStackProtocol

/// How the CSS and the tokens write a computed number (docs/exporting.md, "Numbers"): the
/// value rounded to ``significantDigits`` significant digits, then the shortest decimal that
/// reads back as that. Arithmetic leaves its last bits in a product or a sum
/// (`0.1 × 1` is `0.09999999999999998`, `-95.5` comes out `-95.50000000000006`); a double
/// carries about 16 digits, so the noise sits in the last three and rounding to 13 clears
/// it. The error is at most half a unit in the 13th digit: 5·10⁻¹³ of the value, under
/// 5·10⁻¹⁰ for any value below 10,000 (the tests hold exports to the daemon at 10⁻⁹, and
/// the tokens' spring at 10⁻¹² of its value).
///
/// ```swift
/// ExportNumber.rounded(0.09999999999999998)  // 0.1
/// ExportNumber.rounded(-95.50000000000006)   // -95.5
/// ```
enum ExportNumber {
    /// The significant digits a computed number keeps.
    static let significantDigits = 13

    /// `x` to `digits` significant decimal digits: its shortest digits (Swift's description)
    /// rounded half up as decimal text and read back, so the result is the double nearest
    /// that decimal at any magnitude. Unchanged if not finite or zero.
    static func rounded(_ x: Double, significantDigits digits: Int = significantDigits) -> Double {
        guard x.isFinite, x != 0 else { return x }
        // "1.2345e-15" or "123.45": the digits without the point, and where the point goes.
        let text = "\(abs(x))"
        let (mantissa, exponent) =
            text.firstIndex(where: { $0 == "e" || $0 == "E" }).map {
                (text[..<$0], Int(text[text.index(after: $0)...]) ?? 0)
            } ?? (Substring(text), 0)
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var all = Array(parts[0]) + (parts.count > 1 ? Array(parts[1]) : [])
        var point = parts[0].count + exponent
        while all.count > 1, all.first == "0" {
            all.removeFirst()
            point -= 1
        }
        guard all.count > digits else { return x }
        var kept = all.prefix(digits).map { Int($0.asciiValue! - 48) }
        if all[digits] >= "5" {
            var i = kept.count - 1
            while i >= 0 {
                kept[i] += 1
                if kept[i] < 10 { break }
                kept[i] = 0
                i -= 1
            }
            if i < 0 {
                kept.insert(1, at: 0)
                kept.removeLast()
                point += 1
            }
        }
        let decimal = "0." + kept.map(String.init).joined() + "e\(point)"
        guard let value = Double(decimal) else { return x }
        return x < 0 ? -value : value
    }

    /// `value` with every number in it ``rounded(_:significantDigits:)``; integers, strings
    /// and the shape unchanged.
    static func rounded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let x): .number(rounded(x))
        case .array(let items): .array(items.map(rounded))
        case .object(let members): .object(members.map { ($0.key, rounded($0.value)) })
        case .null, .bool, .integer, .string: value
        }
    }
}
