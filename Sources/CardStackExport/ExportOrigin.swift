import CardStackProtocol

/// Where exported parameters came from, for the header of the exported text.
public struct ExportOrigin: Sendable, Equatable {
    /// cardstack's version.
    public var version: String
    /// The daemon's revision, or nil for a file read directly (`cardstack export --config`).
    public var revision: Int?
    /// The parameter file, or nil for the built-in defaults.
    public var path: String?
    /// Where the values in force came from (`file`, `set`, …), when a daemon exported them.
    public var source: ParamsSource?

    public init(version: String, revision: Int? = nil, path: String? = nil, source: ParamsSource? = nil) {
        self.version = version
        self.revision = revision
        self.path = path
        self.source = source
    }

    /// One line: `cardstack 0.1.0, revision 3 (source set) of /etc/cardstack/cardstack.toml`,
    /// safe in a comment of every format (``TerminalText/comment(_:)``: a path's newline,
    /// `*/` or `</` escaped).
    public var summary: String { TerminalText.comment(plainSummary) }

    private var plainSummary: String {
        var text = "cardstack \(version)"
        text += revision.map { ", revision \($0)" } ?? ", no daemon revision (file read directly)"
        if let source { text += " (source \(source.rawValue))" }
        text += path.map { " of \($0)" } ?? ", built-in defaults"
        return text
    }
}
