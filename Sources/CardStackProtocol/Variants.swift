import CardLayout

/// `set_variants`: a grid of parameter sets this client watches play on the daemon's one
/// clock (docs/protocol.md, "Variants"). Each cell is a partial parameter object laid over
/// the values in force; no cells clears the grid.
public struct VariantsRequest: Sendable, Equatable {
    /// The most cells one client's grid may have: 4 × 4.
    public static let maximumCells = 16

    /// Each cell's overlay: a partial object with the file's tables (`{"animation":{…}}`).
    public var cells: [JSONValue]
    /// How many cells make a row (for labels and layout; the daemon only echoes it).
    public var columns: Int

    public init(cells: [JSONValue], columns: Int? = nil) {
        self.cells = cells
        self.columns = columns ?? min(max(cells.count, 1), 4)
    }

    /// Reads `{"cells": [{…}, …]}` or `{"vary": {"section.key": [v1, v2, …], …}}` (one or
    /// two keys, the first one's values across each row): every problem, a grid over 16
    /// cells first, is a sentence that says what to send.
    static func parse(_ args: JSONValue) throws(WireError) -> VariantsRequest {
        let limit = "a grid has at most \(maximumCells) cells (4 × 4)"
        if let vary = args["vary"], vary != .null {
            guard case .object(let axes) = vary, axes.count <= 2 else {
                throw WireError(
                    .invalidArgument,
                    "set_variants: \"vary\" must be an object of one or two dotted keys, each with an array of values, e.g. {\"animation.spring.bounce\":[0,0.2,0.4]}"
                )
            }
            var counts: [Int] = []
            for (key, values) in axes {
                guard case .array(let list) = values, !list.isEmpty else {
                    throw WireError(.invalidArgument, "set_variants: \"vary\".\"\(key)\" must be a non-empty array")
                }
                counts.append(list.count)
            }
            let total = counts.reduce(1, *)
            guard total <= maximumCells, counts.allSatisfy({ $0 <= maximumCells }) else {
                let shape = counts.map(String.init).joined(separator: " × ")
                throw WireError(
                    .invalidArgument, "set_variants: a \(shape) grid is \(total) cells; \(limit), so it was refused")
            }
            return VariantsRequest(cells: combinations(axes), columns: axes.isEmpty ? 1 : counts[0])
        }
        guard let cells = args["cells"], cells != .null else { return VariantsRequest(cells: []) }
        guard case .array(let list) = cells else {
            throw WireError(.invalidArgument, "set_variants: \"cells\" must be an array of partial parameter objects")
        }
        guard list.count <= maximumCells else {
            throw WireError(
                .invalidArgument, "set_variants: \(list.count) cells asked for; \(limit), so it was refused")
        }
        for (i, cell) in list.enumerated() {
            guard case .object = cell else {
                throw WireError(
                    .invalidArgument,
                    "set_variants: cell \(i) must be an object with the file's tables, e.g. {\"layout\":{\"spacing\":40}}, got \(cell.kindName)"
                )
            }
        }
        var columns: Int?
        if let value = args["columns"], value != .null {
            guard case .integer(let n) = value, (1...Int64(maximumCells)).contains(n) else {
                throw WireError(.invalidArgument, "set_variants: \"columns\" must be an integer from 1 to 16")
            }
            columns = Int(n)
        }
        return VariantsRequest(cells: list, columns: columns)
    }

    /// Every combination of the axes' values as a partial object, the first key's values
    /// across each row.
    static func combinations(_ axes: [(key: String, value: JSONValue)]) -> [JSONValue] {
        var rows: [[(String, JSONValue)]] = [[]]
        for (key, values) in axes.reversed() {
            guard case .array(let list) = values else { continue }
            rows = rows.flatMap { done in list.map { [(key, $0)] + done } }
        }
        return rows.map { pairs in
            var tree = JSONValue.object([])
            for (key, value) in pairs { tree = insert(value, at: key.split(separator: ".").map(String.init), in: tree) }
            return tree
        }
    }

    /// `tree` with `value` at the dotted `path`.
    static func insert(_ value: JSONValue, at path: [String], in tree: JSONValue) -> JSONValue {
        guard let head = path.first, case .object(var pairs) = tree else { return value }
        let rest = Array(path.dropFirst())
        if let i = pairs.firstIndex(where: { $0.key == head }) {
            pairs[i].value = insert(value, at: rest, in: pairs[i].value)
        } else {
            pairs.append((head, rest.isEmpty ? value : insert(value, at: rest, in: .object([]))))
        }
        return .object(pairs)
    }
}

/// One cell of a grid: its overlay and the whole parameter set it is.
public struct VariantCellInfo: Sendable, Equatable, Codable {
    public var cell: Int
    /// The partial object laid over the values in force, as the client sent it.
    public var overlay: JSONValue
    /// The cell's whole set: the values in force with the overlay merged in.
    public var params: Parameters

    public init(cell: Int, overlay: JSONValue, params: Parameters) {
        self.cell = cell
        self.overlay = overlay
        self.params = params
    }
}

/// `set_variants`' result and the `variants` event (to the grid's client only, whenever the
/// cells' sets change with the values in force): every cell's set. No cells: no grid.
public struct VariantsInfo: Sendable, Equatable, Codable {
    public var revision: Int
    public var columns: Int
    public var cells: [VariantCellInfo]

    public init(revision: Int, columns: Int, cells: [VariantCellInfo]) {
        self.revision = revision
        self.columns = columns
        self.cells = cells
    }
}

/// One cell's frame inside a frame event (`variants`), computed at the same daemon time as
/// the others of that event.
public struct VariantFrame: Sendable, Equatable, Codable {
    public var cell: Int
    /// Grows by one per frame this cell computes.
    public var seq: Int
    public var time: Double
    public var frame: Frame
    /// The cell's move while it runs (and on its last frame), as a frame event's `motion`.
    public var motion: MotionStart?

    public init(cell: Int, seq: Int, time: Double, frame: Frame, motion: MotionStart? = nil) {
        self.cell = cell
        self.seq = seq
        self.time = time
        self.frame = frame
        self.motion = motion
    }
}
