import CardLayout
import CardStackFit
import CardStackProtocol
import Foundation

/// What `cardstack fit` found, as it prints it (`--json`: these fields, docs/fit.md): built
/// from a fit's result by ``FitReport/motion(_:kind:track:parameters:)`` or
/// ``FitReport/pose(_:)``; the command only parses its options and prints ``text`` or the
/// JSON.
public struct FitReport: Encodable, Sendable {
    public var kind: String
    public var style: String
    /// The fitted parameters as `get_params` spells them.
    public var params: JSONValue = .object([])
    public var residual: Residual
    /// Frames (samples) the fit used: the clip's frames, 1 for a still.
    public var frames: Int
    /// Seconds from the clip's first frame to the move's start.
    public var start: Double?
    /// The pose: the offset the still shows, corners used, whether m34 was determined.
    public var offset: Double?
    public var corners: Int?
    public var undetermined: [String]?
    /// The motion: the tracked point on its card, and the stage in the clip.
    public var point: CardPoint?
    public var stage: StageMapping?
    /// Clip pixels per working pixel: the stage is reported in the clip's own pixels.
    public var clipScale = 1.0
    /// The tracked path on the stage: seconds, x, y (points).
    public var path: [[Double]]?
    public var truncated: Bool?
    /// How the point was followed (`template`, `mark`, `outline`), and the held frames left out.
    public var tracking: String?
    public var held: Int?
    /// Other styles tried on the same path when the residual was large, best first.
    public var others: [Other]?
    public var betterStyle: String?
    /// Sentences for the user beside the numbers: the parameters read against differ from
    /// the clip's layout, the residual is large and what to try.
    public var warnings: [String] = []
    /// What --apply sends (set_params): the parameters, a curve with no spring.
    public var settings: JSONValue = .object([])

    /// Another style's residual on the same path.
    public struct Other: Encodable, Sendable, Equatable {
        public var style: String
        public var residual: Residual

        public init(style: String, residual: Residual) {
            self.style = style
            self.residual = residual
        }
    }

    public init(kind: String, style: String, residual: Residual, frames: Int) {
        self.kind = kind
        self.style = style
        self.residual = residual
        self.frames = frames
    }

    enum CodingKeys: String, CodingKey {
        case kind, style, params, settings, residual, frames, start, offset, corners, undetermined, point, stage, path,
            truncated, tracking, held, others, warnings
        case betterStyle = "better_style"
    }

    public func encode(to encoder: any Encoder) throws {
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
        try c.encodeIfPresent(tracking, forKey: .tracking)
        try c.encodeIfPresent(held, forKey: .held)
        try c.encodeIfPresent(others, forKey: .others)
        try c.encodeIfPresent(betterStyle, forKey: .betterStyle)
        if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    }

    /// The plain-text form: the parameters, then the residual, always; then the warnings.
    public var text: String {
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
        if let held, held > 0 {
            lines.append(
                "note: \(held) held frame\(held == 1 ? "" : "s") (a frame shown again: dropped by the recording) left out"
            )
        }
        if truncated == true { lines.append("note: the clip is longer than the frames read; the rest was not used") }
        for warning in warnings { lines.append("warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    /// A value as the text form prints it.
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
