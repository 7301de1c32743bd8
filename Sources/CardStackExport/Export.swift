import CardLayout
import CardStackProtocol

/// The export formats behind one call, for the daemon and `cardstack export --config`.
public enum Export {
    /// The exported text of `parameters` (with `offset` for the pose CSS shows and where an
    /// animated transition starts).
    public static func text(
        _ format: ExportFormat, _ parameters: Parameters, offset: Double, origin: ExportOrigin,
        options: ExportOptions = ExportOptions()
    ) throws -> String {
        switch format {
        case .swift:
            return SwiftExport.text(parameters, origin: origin, name: options.name)
        case .css:
            let frame = Layout.frame(parameters, offset: offset)
            let look = LookExport.cssRules(parameters.card, frame: frame)
            guard let animate = options.animate else {
                return CSSExport.text(frame, origin: origin) + (look.isEmpty ? "" : "\n" + look)
            }
            let transition = ExportTransition(parameters, from: offset, animate: animate)
            return CSSExport.text(frame, origin: origin) + (look.isEmpty ? "" : "\n" + look)
                + CSSExport.animation(transition)
        case .json:
            return try PrettyJSON.encode(parameters) + "\n"
        case .tokens:
            return TokensExport.text(parameters, offset: offset, animate: options.animate ?? .next, origin: origin)
        }
    }
}
