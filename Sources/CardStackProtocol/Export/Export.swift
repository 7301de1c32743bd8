import CardLayout

/// The three export formats behind one call, for the daemon and `cardstack export --config`.
public enum Export {
    /// The exported text of `parameters` (with `offset` for the one frame CSS shows).
    public static func text(
        _ format: ExportFormat, _ parameters: Parameters, offset: Double, origin: ExportOrigin
    ) throws -> String {
        switch format {
        case .swift: SwiftExport.text(parameters, origin: origin)
        case .css: CSSExport.text(Layout.frame(parameters, offset: offset), origin: origin)
        case .json: try WireJSON.encodePretty(parameters) + "\n"
        }
    }
}
