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
            return SwiftExport.text(parameters.fullVariant(), origin: origin, name: options.name)
        case .css:
            // The full variant, then the reduced one under `prefers-reduced-motion`.
            let full = parameters.fullVariant()
            let frame = Layout.frame(full, offset: offset)
            let look = LookExport.cssRules(full.card, frame: frame, files: origin.imageFiles)
            let reduced = CSSExport.reducedMotion(parameters, offset: offset, animate: options.animate)
            guard let animate = options.animate else {
                return CSSExport.text(frame, origin: origin) + (look.isEmpty ? "" : "\n" + look) + reduced
            }
            let transition = ExportTransition(full, from: offset, animate: animate)
            return CSSExport.text(frame, origin: origin) + (look.isEmpty ? "" : "\n" + look)
                + CSSExport.animation(transition) + reduced
        case .json:
            return try PrettyJSON.encode(parameters) + "\n"
        case .tokens:
            return TokensExport.text(
                parameters.fullVariant(), offset: offset, animate: options.animate ?? .next, origin: origin)
        }
    }
}
