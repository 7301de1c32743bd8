/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// SGR 1.
    public static let bold = CellAttributes(rawValue: 1)
    /// SGR 2 (dim).
    public static let faint = CellAttributes(rawValue: 2)
    /// SGR 7.
    public static let reverse = CellAttributes(rawValue: 4)
}

/// One terminal cell: a single-column character and how it is drawn.
public struct Cell: Sendable, Hashable {
    public var character: Character
    public var foreground: CellColor
    public var background: CellColor
    public var attributes: CellAttributes

    public init(
        _ character: Character = " ", foreground: CellColor = .standard, background: CellColor = .standard,
        attributes: CellAttributes = []
    ) {
        self.character = character
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// An empty cell in the terminal's default colours.
    public static let blank = Cell()

    /// Same colours and attributes (the SGR state needed to draw it).
    func samePen(as other: Cell) -> Bool {
        foreground == other.foreground && background == other.background && attributes == other.attributes
    }
}

/// A screenful of cells, and the ANSI that turns one screenful into the next.
///
/// ```swift
/// var next = ScreenBuffer(width: 80, height: 24)
/// next.write("hello", row: 0, column: 0)
/// let bytes = next.output(from: previous, mode: .trueColor)  // only what changed
/// ```
public struct ScreenBuffer: Sendable, Equatable {
    /// Size in cells.
    public let width: Int
    public let height: Int
    /// Row by row.
    public private(set) var cells: [Cell]

    /// A screen of `width` x `height` copies of `fill`.
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The cell at `(row, column)`; writes outside the screen are ignored.
    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set {
            guard row >= 0, row < height, column >= 0, column < width else { return }
            cells[row * width + column] = newValue
        }
    }

    /// Writes `text` from `(row, column)`, clipped at the right edge; control characters
    /// become spaces. Colours default to the terminal's.
    public mutating func write(
        _ text: String, row: Int, column: Int, foreground: CellColor = .standard,
        background: CellColor = .standard, attributes: CellAttributes = []
    ) {
        var c = column
        for ch in text {
            guard c < width else { break }
            let safe: Character = ch.isASCII && (ch.asciiValue ?? 0) < 32 ? " " : ch
            self[row, c] = Cell(safe, foreground: foreground, background: background, attributes: attributes)
            c += 1
        }
    }

    /// The rows as plain text (no colour), for tests and debugging.
    public var text: [String] {
        (0..<height).map { r in String((0..<width).map { self[r, $0].character }) }
    }

    /// The bytes that turn a terminal showing `previous` into one showing `self`: only the
    /// cells that differ, each run after one cursor move and one SGR change where needed.
    /// Without a `previous` of the same size, the screen is cleared and drawn in full. The
    /// whole update is wrapped in synchronized-output markers (mode 2026), which terminals
    /// that know them use to avoid tearing and others ignore.
    public func output(from previous: ScreenBuffer?, mode: ColorMode) -> [UInt8] {
        var out = ANSIWriter(mode: mode)
        let full = previous.map { $0.width != width || $0.height != height } ?? true
        if full { out.clearScreen() }
        for row in 0..<height {
            for column in 0..<width {
                let cell = self[row, column]
                if !full, let previous, previous[row, column] == cell { continue }
                if full, cell == .blank { continue }
                out.put(cell, row: row, column: column, lastColumn: column == width - 1)
            }
        }
        return out.finish()
    }
}
