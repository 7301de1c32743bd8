/// The outcome of looking at the parameter file again.
public enum ParamsUpdate: Sendable, Equatable {
    /// New content that validated: its tree (for merging client overrides) and parameters.
    case loaded(tree: ParamNode, resolved: Resolved)
    /// New content that did not: the parameters in force stay.
    case failed(ParamsError)
    /// The file is gone; the parameters in force stay until it comes back.
    case removed
    /// The content is what was loaded last: nothing changes.
    case unchanged
}

/// Reads the parameter file when asked and says what changed, comparing content with what
/// it loaded last, so identical saves give no new revision.
public struct ParamsReloader: Sendable {
    public let path: String
    /// Where the file is read from.
    let files: any ParamsFileReading
    /// The bytes of the last file that was read (good or bad).
    var lastBytes: [UInt8]?
    /// The bytes of the last file that loaded: what `save` expects to find on disk.
    public private(set) var loadedBytes: [UInt8]?

    public init(path: String, files: any ParamsFileReading = DiskParamsFiles()) {
        self.path = path
        self.files = files
    }

    /// Looks at the file.
    ///
    /// - Parameter force: reload even when the content is unchanged (SIGHUP).
    /// - Returns: the update, and whether the file was empty (a truncate-then-write save may
    ///   be half done).
    public mutating func reload(force: Bool) -> (update: ParamsUpdate, empty: Bool) {
        let bytes: [UInt8]
        do {
            bytes = try files.read(path)
        } catch {
            if error.kind == .missing { return (.removed, false) }
            lastBytes = nil
            return (.failed(error), false)
        }
        if !force, bytes == lastBytes { return (.unchanged, bytes.isEmpty) }
        lastBytes = bytes
        do {
            let (tree, resolved) = try ParamsDocument.load(bytes)
            loadedBytes = bytes
            return (.loaded(tree: tree, resolved: resolved), bytes.isEmpty)
        } catch {
            return (.failed(error.inFile(path)), bytes.isEmpty)
        }
    }
}
