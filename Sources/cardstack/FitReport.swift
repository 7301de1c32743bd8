import CardLayout
import CardStackFit
import CardStackProtocol

/// What `cardstack fit` found, as it prints it (`--json`: these fields, docs/fit.md).
struct FitReport: Encodable {
    var kind: String
    var style: String
    /// The fitted parameters as `get_params` spells them.
    var params: JSONValue = .object([])
    var residual: Residual
    /// Frames (samples) the fit used: the clip's frames, 1 for a still.
    var frames: Int
    /// Seconds from the clip's first frame to the move's start.
    var start: Double?
    /// The pose: the offset the still shows, corners used, whether m34 was determined.
    var offset: Double?
    var corners: Int?
    var undetermined: [String]?
    /// The motion: the tracked point on its card, and the stage in the clip.
    var point: CardPoint?
    var stage: StageMapping?
    var clipScale = 1.0
    /// The tracked path on the stage: seconds, x, y (points).
    var path: [[Double]]?
    var truncated: Bool?
    /// Other styles tried on the same path when the residual was large, best first.
    var others: [Other]?
    var betterStyle: String?
    /// What --apply sends (set_params): the parameters, a curve with no spring.
    var settings: JSONValue = .object([])

    struct Other: Encodable {
        var style: String
        var residual: Residual
    }

    enum CodingKeys: String, CodingKey {
        case kind, style, params, settings, residual, frames, start, offset, corners, undetermined, point, stage, path,
            truncated,
            others
        case betterStyle = "better_style"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(style, forKey: .style)
        try c.encode(params, forKey: .params)
        try c.encode(settings, forKey: .settings)
        try c.encode(residual, forKey: .residual)
        try c.encode(frames, forKey: .frames)
        try c.encodeIfPresent(start, forKey: .start)
        try c.encodeIfPresent(offset, forKey: .offset)
        try c.encodeIfPresent(corners, forKey: .corners)
        try c.encodeIfPresent(undetermined, forKey: .undetermined)
        if let point {
            try c.encode(["item": Double(point.item), "u": point.u, "v": point.v], forKey: .point)
        }
        if let stage {
            // In the clip's own pixels.
            let s = ["x": stage.originX / clipScale, "y": stage.originY / clipScale, "scale": stage.scale / clipScale]
            try c.encode(s, forKey: .stage)
        }
        try c.encodeIfPresent(path, forKey: .path)
        try c.encodeIfPresent(truncated, forKey: .truncated)
        try c.encodeIfPresent(others, forKey: .others)
        try c.encodeIfPresent(betterStyle, forKey: .betterStyle)
    }

    /// The plain-text form: the parameters, then the residual, always.
    var text: String {
        var lines: [String] = []
        func number(_ x: Double) -> String { String(format: "%.4g", x) }
        lines.append("\(kind) fit, style \(style)")
        if case .object(let tables) = params {
            for (table, value) in tables {
                guard case .object(let keys) = value else { continue }
                for (key, v) in keys { lines.append("  \(table).\(key) = \(Self.describe(v))") }
            }
        }
        if let start { lines.append("  starts at \(number(start)) s into the clip") }
        if let offset { lines.append("  the still shows offset \(number(offset)) pt") }
        for name in undetermined ?? [] { lines.append("  \(name): not determined by this still; kept as given") }
        lines.append(
            "residual: mean \(number(residual.mean)) pt, worst \(number(residual.worst)) pt over \(frames) frame\(frames == 1 ? "" : "s")"
        )
        if let others, !others.isEmpty {
            let listed = others.prefix(3).map { "\($0.style) \(number($0.residual.mean)) pt" }.joined(separator: ", ")
            lines.append("the residual is large; as other styles: \(listed)")
            if let betterStyle { lines.append("\(betterStyle) fits better than \(style)") }
        }
        if truncated == true { lines.append("note: the clip is longer than the frames read; the rest was not used") }
        return lines.joined(separator: "\n")
    }

    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .number(let x): String(format: "%.6g", x)
        case .integer(let i): String(i)
        case .string(let s): "\"\(s)\""
        case .array(let a): "[" + a.map(describe).joined(separator: ", ") + "]"
        case .object(let o): "{ " + o.map { "\($0.key) = \(describe($0.value))" }.joined(separator: ", ") + " }"
        case .bool(let b): String(b)
        case .null: "none"
        }
    }
}
