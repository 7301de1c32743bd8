/// `save`'s result: the file written (the symlink's real target), whether anything was
/// written, and the keys whose lines changed.
public struct SaveResult: Sendable, Equatable, Codable {
    public var path: String
    public var written: Bool
    public var changed: [String]

    public init(path: String, written: Bool, changed: [String]) {
        self.path = path
        self.written = written
        self.changed = changed
    }
}

/// One parameter set the daemon had in force.
public struct HistoryEntry: Sendable, Equatable, Codable {
    /// The revision it was put in force with.
    public var revision: Int
    public var source: ParamsSource
    /// Wall-clock time, Unix seconds.
    public var time: Double
    /// The keys (`layout.spacing`) whose values differ from the set before it.
    public var changed: [String]
    /// Whether it is the set in force now.
    public var current: Bool

    public init(revision: Int, source: ParamsSource, time: Double, changed: [String], current: Bool) {
        self.revision = revision
        self.source = source
        self.time = time
        self.changed = changed
        self.current = current
    }
}

/// `history`'s result: the last sets in force, oldest first, and where undo and redo go.
public struct HistoryInfo: Sendable, Equatable, Codable {
    public var entries: [HistoryEntry]
    public var canUndo: Bool
    public var canRedo: Bool

    public init(entries: [HistoryEntry], canUndo: Bool, canRedo: Bool) {
        self.entries = entries
        self.canUndo = canUndo
        self.canRedo = canRedo
    }

    enum CodingKeys: String, CodingKey {
        case entries
        case canUndo = "can_undo"
        case canRedo = "can_redo"
    }
}

/// `export`'s result.
public struct ExportResult: Sendable, Equatable, Codable {
    public var format: ExportFormat
    public var text: String

    public init(format: ExportFormat, text: String) {
        self.format = format
        self.text = text
    }
}

/// One preset file.
public struct PresetInfo: Sendable, Equatable, Codable {
    public var name: String
    public var path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// `preset` with `"list": true`: every preset the daemon can find, by name; a name found in
/// two directories is listed once, from the directory that wins.
public struct PresetList: Sendable, Equatable, Codable {
    public var presets: [PresetInfo]
    public var directories: [String]

    public init(presets: [PresetInfo], directories: [String]) {
        self.presets = presets
        self.directories = directories
    }
}
