/// How a cell's label is set in its strip (docs/render.md, "Variants", the sheet): pure, so the
/// bounds are unit-tested with any measure of text.
extension ContactSheet {
    /// A label's lines and their font size, in pixels.
    struct LabelLayout: Equatable {
        var lines: [String]
        var size: Double

        /// The label's largest and smallest size and the most lines a strip holds: 13 and 6
        /// points, and as many 6-point lines as the strip's height holds (three in the
        /// 22-point strip), each `lineHeight` sizes high.
        static let largest = 13.0
        static let smallest = 6.0
        static let lineHeight = 1.2
        static let ellipsis = "…"

        /// The layout of `label` in a strip `room` pixels wide and `strip` high at `scale`
        /// pixels a point; `advance(text, size)` is the text's width in pixels at that size.
        /// One line at 13 points, or smaller down to 6 when it is wider than the strip; past
        /// that, broken after its commas (a key=value still too wide, between its characters)
        /// onto the lines the strip holds, at the size the widest line fits; a label that
        /// needs more lines than that ends its last line in "…". Every line fits `room` and
        /// every line fits `strip` (for an `advance` that grows with the size, as a font's does).
        static func fit(
            _ label: String, room: Double, strip: Double, scale: Double, advance: (String, Double) -> Double
        ) -> LabelLayout {
            let (large, small) = (largest * scale, smallest * scale)
            let one = min(large, large * room / max(advance(label, large), 1e-9))
            if one >= small { return LabelLayout(lines: [label], size: one) }
            func fits(_ text: String) -> Bool { advance(text, small) <= room }
            var lines = ContactSheet.wrapped(label, fits: fits).flatMap { broken($0, fits: fits) }
            let most = max(1, Int((strip / (lineHeight * small)).rounded(.down)))
            if lines.count > most {
                var last = lines[most - 1]
                while !last.isEmpty, !fits(last + ellipsis) { last.removeLast() }
                lines = Array(lines.prefix(most - 1)) + [last + ellipsis]
            }
            let widest = lines.map { advance($0, large) }.max() ?? room
            let size = max(small, min(large * room / max(widest, 1e-9), strip / (lineHeight * Double(lines.count))))
            return LabelLayout(lines: lines, size: size)
        }

        /// `line` as it is when it fits, else broken between its characters into pieces that
        /// each fit (a single character too wide for the strip is a piece of its own).
        static func broken(_ line: String, fits: (String) -> Bool) -> [String] {
            guard !fits(line) else { return [line] }
            var pieces: [String] = []
            var current = ""
            for c in line {
                if !current.isEmpty, !fits(current + String(c)) {
                    pieces.append(current)
                    current = ""
                }
                current.append(c)
            }
            if !current.isEmpty { pieces.append(current) }
            return pieces
        }
    }
}
