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
    /// The files `card.images` matched when the export was made, in the order the daemon
    /// shows them (each pattern's matches sorted bytewise, patterns in order), each relative
    /// to the parameter file's directory (``relativeImageFiles(_:directory:)``); nil when they
    /// were not resolved (no images, or the check had not finished).
    public var imageFiles: [String]?

    public init(
        version: String, revision: Int? = nil, path: String? = nil, source: ParamsSource? = nil,
        imageFiles: [String]? = nil
    ) {
        self.version = version
        self.revision = revision
        self.path = path
        self.source = source
        self.imageFiles = imageFiles
    }

    /// `files` (resolved against `directory`, the parameter file's) as an app names them:
    /// relative to `directory` when under it, otherwise the file's name alone, so no
    /// directory of this machine reaches an app's source.
    public static func relativeImageFiles(_ files: [String], directory: String) -> [String] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return files.map { file in
            if file.hasPrefix(prefix), file.count > prefix.count { return String(file.dropFirst(prefix.count)) }
            return fileName(file)
        }
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
