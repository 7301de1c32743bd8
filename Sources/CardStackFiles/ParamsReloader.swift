import CardStackParams

#if canImport(Glibc)
    import Glibc
#endif

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

    /// What ``read(force:)`` found: an outcome, or new bytes to ``parse(_:path:)``.
    public enum Read: Sendable {
        case done(ParamsUpdate, empty: Bool)
        case parse([UInt8])
    }

    /// Looks at the file: read it whole and compare it with the last read.
    ///
    /// - Parameter force: parse even when the content is unchanged (SIGHUP).
    public mutating func read(force: Bool) -> Read {
        let bytes: [UInt8]
        do {
            do {
                bytes = try files.read(path)
            } catch  where error.kind == .missing {
                // Once more: a path through a symlink that was swapped (a ConfigMap's `..data`)
                // can miss the old directory, removed the moment after, while it still resolves.
                bytes = try files.read(path)
            }
        } catch {
            if error.kind == .missing { return .done(.removed, empty: false) }
            lastBytes = nil
            return .done(.failed(error), empty: false)
        }
        if !force, let lastBytes, Self.same(bytes, lastBytes) { return .done(.unchanged, empty: bytes.isEmpty) }
        lastBytes = bytes
        return .parse(bytes)
    }

    /// Parses and validates what ``read(force:)`` found. It touches no state, so it can run
    /// on any thread; give the outcome to ``accept(_:from:)``.
    public static func parse(_ bytes: [UInt8], path: String) -> (update: ParamsUpdate, empty: Bool) {
        do {
            let (tree, resolved) = try ParamsDocument.load(bytes)
            return (.loaded(tree: tree, resolved: resolved), bytes.isEmpty)
        } catch {
            return (.failed(error.inFile(path)), bytes.isEmpty)
        }
    }

    /// Takes in the outcome of parsing `bytes`: loaded bytes are what `save` expects to find.
    public mutating func accept(_ update: ParamsUpdate, from bytes: [UInt8]) {
        if case .loaded = update { loadedBytes = bytes }
    }

    /// Looks at the file: ``read(force:)``, then ``parse(_:path:)`` and ``accept(_:from:)``.
    ///
    /// - Parameter force: reload even when the content is unchanged (SIGHUP).
    /// - Returns: the update, and whether the file was empty (a truncate-then-write save may
    ///   be half done).
    public mutating func reload(force: Bool) -> (update: ParamsUpdate, empty: Bool) {
        switch read(force: force) {
        case .done(let update, let empty):
            return (update, empty)
        case .parse(let bytes):
            let outcome = Self.parse(bytes, path: path)
            accept(outcome.update, from: bytes)
            return outcome
        }
    }

    /// Whether `a` and `b` hold the same bytes (`memcmp`, not an element-by-element loop).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count
            && a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
    }
}
