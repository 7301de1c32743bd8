/// Text from a file or a peer (keys, values, names, paths) made safe to show: every control
/// character — C0 (newline and ESC among them), DEL and C1 — and the Unicode characters that
/// break or reorder a line (line and paragraph separators, bidirectional overrides and
/// isolates) written as `\u{1B}`, so a parameter file can neither drive the terminal nor forge
/// a line. One style everywhere: `check`, `frame`, `export`, their errors and the daemon's log.
public enum TerminalText {
    /// `text` with every unsafe character as `\u{HEX}` (upper-case hex, no leading zeros).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A control character, or one that breaks or reorders a line.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` for a comment in generated code (Swift, CSS, design tokens), escaped as above
    /// and with `*/` and `</` broken (`*\u{2F}`, `<\u{2F}`), so it can end neither the comment
    /// nor a `<style>` or `<script>` element the text is pasted into.
    public static func comment(_ text: String) -> String {
        escaped(text).replacingAll("*/", "*\\u{2F}").replacingAll("</", "<\\u{2F}")
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
