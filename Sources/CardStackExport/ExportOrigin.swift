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

    /// One line: `cardstack 0.1.0, revision 3 (source set) of cardstack.toml`, safe in a
    /// comment of every format (``TerminalText/comment(_:)``: a name's newline, `*/` or `</`
    /// escaped). The file's name only: the text goes into an app's source, where a directory
    /// of this machine (a home directory) has no place.
    public var summary: String { TerminalText.comment(plainSummary) }

    private var plainSummary: String {
        var text = "cardstack \(version)"
        text += revision.map { ", revision \($0)" } ?? ", no daemon revision (file read directly)"
        if let source { text += " (source \(source.rawValue))" }
        text += path.map { " of \(Self.fileName($0))" } ?? ", built-in defaults"
        return text
    }

    /// The last component of `path` (the path itself when it ends in a slash).
    static func fileName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.isEmpty ? path : name
    }
}
