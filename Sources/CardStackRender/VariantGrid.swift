import CardLayout
import CardStackParams
import CardStackProtocol
import CardStackSession
import CardStackWire

/// `--vary KEY=V1,V2,…` (`render`, `plot`): the parameter sets of a grid of variants, each
/// the base set (a file or the daemon's values in force) with the varied keys changed, and
/// each set's frames for one transition, computed by the daemon's own session code
/// (``Session/run(_:tree:resolved:offset:maximumFrames:)``). docs/render.md, "Variants".
public struct VariantGrid: Sendable {
    /// One `--vary`: a key and its values, each with the text its label shows.
    public struct Axis: Sendable {
        public var key: String
        public var path: [String]
        public var values: [(label: String, value: JSONValue)]
    }

    /// One cell: its label and its frames.
    public struct Cell: Sendable {
        public var label: String
        /// The varied keys and their values as JSON text.
        public var values: [(key: String, value: String)]
        public var parameters: Parameters
        public var frames: [FrameEvent]
    }

    /// The most values of one key when two are varied, and of cells in all: a 4 × 4 grid.
    public static let side = 4
    public static let maximumCells = 16

    public var axes: [Axis]

    /// Columns of the grid: the first key's values across (one key: rows of up to four).
    public var columns: Int { axes.count == 2 ? axes[0].values.count : min(axes.first?.values.count ?? 1, Self.side) }

    /// Parses every `--vary`, and refuses a grid over 4 × 4 with the reason.
    public init(_ specs: [String]) throws(VariantError) {
        guard specs.count <= 2 else {
            throw VariantError("--vary is given \(specs.count) times: a grid has at most two keys (4 × 4 cells)")
        }
        axes = []
        for spec in specs { axes.append(try Self.axis(spec)) }
        let counts = axes.map(\.values.count)
        if counts.count == 2, counts.contains(where: { $0 > Self.side }) || counts[0] * counts[1] > Self.maximumCells {
            throw VariantError(
                "--vary asks for a \(counts[0]) × \(counts[1]) grid: the limit is 4 × 4 (at most 4 values of each key when two vary, 16 cells in all)"
            )
        }
        if counts.count == 1, counts[0] > Self.maximumCells {
            throw VariantError(
                "--vary \(axes[0].key) has \(counts[0]) values: the limit is 16 cells (a 4 × 4 grid)")
        }
    }

    /// `KEY=V1,V2,…` or, for a number, `KEY=FROM..TO/COUNT`.
    public static func axis(_ spec: String) throws(VariantError) -> Axis {
        guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex else {
            throw VariantError("--vary \(spec): expected KEY=V1,V2,… or KEY=FROM..TO/COUNT, e.g. spacing=20,30,40")
        }
        let key = String(spec[..<eq])
        let text = String(spec[spec.index(after: eq)...])
        let path = try keyPath(key)
        var values: [(String, JSONValue)] = []
        if let range = try range(text, key: key) {
            values = range.map { (MotionPlot.number($0), .number($0)) }
        } else {
            for item in split(text) {
                let trimmed = String(item.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
                guard !trimmed.isEmpty else { throw VariantError("--vary \(spec): an empty value") }
                let value = (try? WireJSON.decode(JSONValue.self, from: Array(trimmed.utf8))) ?? .string(trimmed)
                values.append((trimmed, value))
            }
        }
        guard values.count >= 1 else { throw VariantError("--vary \(spec): no values") }
        return Axis(key: key, path: path, values: values)
    }

    /// `FROM..TO/COUNT`: COUNT numbers from FROM to TO, evenly spaced; nil when not a range.
    public static func range(_ text: String, key: String) throws(VariantError) -> [Double]? {
        guard text.contains(".."), !text.contains(",") else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let ends = parts[0].split(separator: "..", omittingEmptySubsequences: false)
        guard parts.count == 2, ends.count == 2, let a = Double(ends[0]), let b = Double(ends[1]),
            let n = Int(parts[1]), a.isFinite, b.isFinite
        else {
            throw VariantError("--vary \(key)=\(text): a range is FROM..TO/COUNT, e.g. spacing=20..40/3")
        }
        guard (2...maximumCells).contains(n) else {
            throw VariantError(
                "--vary \(key)=\(text): COUNT must be 2 to \(maximumCells) (at most 16 cells, a 4 × 4 grid)")
        }
        return (0..<n).map { a + (b - a) * Double($0) / Double(n - 1) }
    }

    /// Commas split values except inside brackets or braces (`flip_range=[1,1.2],[1,1.4]`).
    public static func split(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        var depth = 0
        for c in text {
            if c == "[" || c == "{" { depth += 1 }
            if c == "]" || c == "}" { depth -= 1 }
            if c == ",", depth == 0 {
                out.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        out.append(current)
        return out
    }

    /// `layout.spacing`, `animation.spring.bounce`, or a key unique among the schema's (`spacing`).
    public static func keyPath(_ key: String) throws(VariantError) -> [String] {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw VariantError("--vary: \"\(key)\" is not a key") }
        if parts.count > 1 { return parts }
        let matches = ParamsSchema.knownKeys.filter { $0.hasSuffix("." + key) && $0.split(separator: ".").count == 2 }
        guard matches.count == 1 else {
            if matches.count > 1 {
                throw VariantError("--vary: \(key) is ambiguous; say which: \(matches.joined(separator: " or "))")
            }
            // A spring's readings live one level down, under animation.spring.
            let spring = ["damping_ratio", "response", "bounce", "mass", "stiffness", "damping"].contains(key)
            let near = spring ? "animation.spring.\(key)" : ParamsSchema.nearestKey(to: key)
            let hint = near.map { " (did you mean \($0)?)" } ?? ""
            throw VariantError("--vary: unknown key \(key)\(hint)")
        }
        return matches[0].split(separator: ".").map(String.init)
    }

    /// Every combination, the first key's values across each row: its label and its tree.
    public func combinations(over base: ParamNode) -> [Combination] {
        var out = [Combination(label: "", values: [], tree: base)]
        for axis in axes.reversed() {
            var next: [Combination] = []
            for done in out {
                for (text, value) in axis.values {
                    var update = value
                    for name in axis.path.reversed() { update = .object([(name, update)]) }
                    let merged = ParamsSchema.merging(done.tree, ParamNode(json: update))
                    let own = "\(axis.key)=\(text)"
                    let json = (try? WireJSON.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
                    next.append(
                        Combination(
                            label: done.label.isEmpty ? own : "\(own), \(done.label)",
                            values: [(axis.path.joined(separator: "."), json)] + done.values, tree: merged))
                }
            }
            out = next
        }
        // The last key was laid out first, so the first key runs across each row.
        return out
    }

    /// One cell's set before it is resolved.
    public struct Combination: Sendable {
        public var label: String
        public var values: [(key: String, value: String)]
        public var tree: ParamNode
    }

    /// Each combination's parameters and its frames for `command` from `offset`.
    public func cells(over base: ParamNode, command: Command, offset: Double) throws(VariantError) -> [Cell] {
        var cells: [Cell] = []
        for combination in combinations(over: base) {
            let (label, tree) = (combination.label, combination.tree)
            let resolved: Resolved
            do throws(ParamsError) {
                resolved = try ParamsSchema.resolve(tree)
            } catch {
                throw VariantError("the variant \(label): \(error.message)")
            }
            do throws(WireError) {
                let frames = try Session.run(command, tree: tree, resolved: resolved, offset: offset)
                cells.append(
                    Cell(label: label, values: combination.values, parameters: resolved.parameters, frames: frames))
            } catch {
                throw VariantError("the variant \(label): \(error.message)")
            }
        }
        return cells
    }
}

/// A `--vary` or `--transition` that cannot be used, said in one line.
public struct VariantError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// `--transition`: the move every cell plays.
public enum TransitionChoice {
    public static let help = "next, prev, fling:V (points per second) or open:N (card N's reveal)"

    /// `next`, `prev`, `fling:V` (or `fling V`), `open:N`.
    public static func command(_ text: String) throws(VariantError) -> Command {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "=" }).map(String.init)
        switch (parts.first ?? "", parts.count) {
        case ("next", 1): return .next(count: 1)
        case ("prev", 1): return .prev(count: 1)
        case ("fling", 2):
            if let v = Double(parts[1]), v.isFinite, abs(v) <= 1e6 { return .fling(velocity: v) }
        case ("open", 2):
            if let n = Int(parts[1]), n >= 0 { return .open(item: n) }
        default: break
        }
        throw VariantError("--transition \(text): expected \(help)")
    }
}
