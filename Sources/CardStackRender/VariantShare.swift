import CardLayout
import CardStackProtocol
import CardStackWire

/// The page's Share of a grid of variants (`POST /render`): the body is the grid's `variants`
/// event, then the frame events the page kept, each with its cells' frames; the answer is the
/// contact sheet `cardstack render --vary` draws for those cells (docs/page.md, "Variants").
public enum VariantShare {
    /// Whether `body` starts with a `variants` line (a grid to share, not a recording).
    public static func isGrid(_ body: [UInt8]) -> Bool {
        let head = body.prefix(200)
        return String(decoding: head, as: UTF8.self).contains("\"event\":\"variants\"")
    }

    /// The sheet's bytes in `format`.
    public static func render(_ body: [UInt8], format: RenderFormat) throws(RenderError) -> [UInt8] {
        var info: VariantsInfo?
        // The parameter file the look's images are relative to: the page adds it to the head.
        var parameterFile: String?
        var frames: [[(seq: Int, time: Double, frame: Frame)]] = []
        for line in body.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let message = try? WireJSON.decode(ServerMessage.self, from: Array(line)) else {
                throw RenderError("a grid to share is JSON lines: a variants event, then frame events")
            }
            switch message {
            case .variants(let v):
                info = v
                if case .string(let path)? = (try? JSONParser.parse(line))?["path"] { parameterFile = path }
                frames = Array(repeating: [], count: v.cells.count)
            case .frame(let event):
                for cell in event.variants ?? [] where frames.indices.contains(cell.cell) {
                    if frames[cell.cell].last?.seq != cell.seq {
                        frames[cell.cell].append((cell.seq, cell.time, cell.frame))
                    }
                }
            default: continue
            }
        }
        guard let info, !info.cells.isEmpty, frames.allSatisfy({ !$0.isEmpty }) else {
            throw RenderError("a grid to share needs its variants event and every cell's frames")
        }
        let cells = info.cells.map { cell in
            ContactSheet.Cell(
                label: label(cell.overlay), times: frames[cell.cell].map(\.time),
                frames: frames[cell.cell].map(\.frame), look: cell.params.card, parameterFile: parameterFile)
        }
        let rate = info.cells.map(\.params.animation.fps).max() ?? 60
        return try ContactSheet.render(cells, columns: max(info.columns, 1), rate: rate, hold: 0.5, format: format)
    }

    /// `animation.spring.bounce=0.3, …`: the overlay's keys and values, as `render --vary`
    /// labels, the keys in one order (by name) whatever order each cell's overlay has them in.
    public static func label(_ overlay: JSONValue) -> String {
        pairs(overlay, prefix: "").sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    static func pairs(_ overlay: JSONValue, prefix: String) -> [(key: String, value: String)] {
        guard case .object(let members) = overlay else {
            let text = (try? WireJSON.encode(overlay)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            return [(prefix, text)]
        }
        return members.flatMap { pairs($0.value, prefix: prefix.isEmpty ? $0.key : "\(prefix).\($0.key)") }
    }
}
