/// Accumulates the escape sequences for one screen update, tracking the cursor and the
/// current SGR pen so that neither is sent again when it is already right.
struct ANSIWriter {
    let mode: ColorMode
    private var bytes: [UInt8] = []
    /// Where the next character lands, when known.
    private var cursor: (row: Int, column: Int)?
    /// The pen in force, when known. Every update ends with the pen reset, so one starts
    /// from the default pen.
    private var pen: Cell? = .blank

    init(mode: ColorMode) { self.mode = mode }

    /// Resets attributes and clears the whole screen.
    mutating func clearScreen() {
        append("\u{1B}[0m\u{1B}[2J")
        pen = .blank
        cursor = nil
    }

    /// Draws `cell` at `(row, column)`.
    mutating func put(_ cell: Cell, row: Int, column: Int, lastColumn: Bool) {
        var cell = cell
        if mode == .monochrome { (cell.foreground, cell.background) = (.standard, .standard) }
        if cursor.map({ $0.row != row || $0.column != column }) ?? true {
            append("\u{1B}[\(row + 1);\(column + 1)H")
        }
        if pen.map({ !$0.samePen(as: cell) }) ?? true {
            append(sgr(cell))
            pen = cell
        }
        append(String(cell.character))
        // After the last column the cursor waits to wrap; where it is then depends on the
        // terminal, so the next cell always gets an explicit move.
        cursor = lastColumn ? nil : (row, column + 1)
    }

    /// The update, or nothing at all when no cell changed.
    mutating func finish() -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        if !(pen?.samePen(as: .blank) ?? false) { append("\u{1B}[0m") }
        return Array("\u{1B}[?2026h".utf8) + bytes + Array("\u{1B}[?2026l".utf8)
    }

    private mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// `ESC[0;…m` selecting exactly `cell`'s pen.
    private func sgr(_ cell: Cell) -> String {
        var codes = ["0"]
        if cell.attributes.contains(.bold) { codes.append("1") }
        if cell.attributes.contains(.faint) { codes.append("2") }
        if cell.attributes.contains(.reverse) { codes.append("7") }
        if let fg = color(cell.foreground, base: 38) { codes.append(fg) }
        if let bg = color(cell.background, base: 48) { codes.append(bg) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func color(_ color: CellColor, base: Int) -> String? {
        guard case .rgb(let c) = color else { return nil }
        switch mode {
        case .trueColor: return "\(base);2;\(c.redByte);\(c.greenByte);\(c.blueByte)"
        case .palette256: return "\(base);5;\(c.palette256)"
        case .monochrome: return nil
        }
    }
}
