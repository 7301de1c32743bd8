import CardStackParams

/// What one read of the parameter file found.
public enum FileRead: Sendable, Equatable {
    case bytes([UInt8])
    /// Nothing is at the path.
    case missing
    /// Something is there that could not be read (or is too large).
    case failed(ParamsError)
}

/// The reload rules as a plain value: notices that the file may have changed, what a read
/// found, a parse's outcome and the settle timer go in; what to do comes out as
/// ``Action``s for a driver to carry out (`ParamsService.Reload` on the daemon's loop).
///
/// - Identical content changes nothing (``ParamsUpdate/unchanged``); a forced look
///   (SIGHUP) parses it again.
/// - **The file is gone** only when a read finds nothing at the path. A notice that it went
///   (``InotifyWatcher/Change/gone``) asks for a look that counts only if it finds nothing:
///   a file in its place is being written, and its writer's close brings a notice of its own.
/// - A read that fails, finds nothing, or finds an empty file is doubtful: it is passed on
///   only if no newer read comes before the settle timer fires (a save still being
///   written, vim's rename dance). A newer read wins; a later read of the same bytes
///   confirms a doubtful read of content instead of cancelling it.
/// - A file larger than ``loopParseLimit`` is parsed off the loop; a notice meanwhile waits
///   for that parse.
public struct ReloadRules: Sendable {
    /// What the driver does next.
    public enum Action: Sendable, Equatable {
        /// Read the file whole and give what was found to ``found(_:)``.
        case read
        /// Parse `bytes` (``parse(_:path:)``), off the loop if `offLoop`, and give the
        /// outcome to ``parsed(_:)``.
        case parse([UInt8], offLoop: Bool)
        /// Pass `update` on to the session; `loadedBytes` is what `save` expects on disk.
        case deliver(ParamsUpdate, forced: Bool, loadedBytes: [UInt8]?)
        /// Call ``settled(_:)`` with `generation` once the settle time has passed.
        case armTimer(generation: Int)
    }

    /// Larger files are parsed off the loop (the default file is 4 kB).
    public static let loopParseLimit = 16 * 1024

    /// The bytes of the last file read (good or bad).
    var lastBytes: [UInt8]?
    /// The bytes of the last file that loaded: what `save` expects to find on disk.
    public private(set) var loadedBytes: [UInt8]?
    /// Which read is the newest; a timer armed for an older one does nothing.
    public private(set) var generation = 0
    /// Whether the read waiting to settle was of content (a parse error, an empty file).
    var fromContent = false
    /// The read waiting to settle.
    var settling: (generation: Int, update: ParamsUpdate, forced: Bool, bytes: [UInt8]?)?
    /// The look a ``read`` action was given for: forced, and counting only if nothing is there.
    var looking: (forced: Bool, ifGone: Bool)?
    /// The bytes a ``parse(_:offLoop:)`` action is parsing, and whether off the loop.
    var parsing: (bytes: [UInt8], forced: Bool, offLoop: Bool)?
    /// Notices that came while a parse ran off the loop, merged.
    var waiting: (forced: Bool, ifGone: Bool)?

    /// Rules that have read nothing yet.
    public init() {}

    /// The first look at the file, when the daemon starts: its outcome, and the rules that
    /// go on from it (always forced: the same bytes again are not yet "unchanged").
    public static func start(with read: FileRead, path: String) -> (update: ParamsUpdate, rules: ReloadRules) {
        var rules = ReloadRules()
        let update: ParamsUpdate
        switch read {
        case .missing: update = .removed
        case .failed(let error): update = .failed(error)
        case .bytes(let bytes):
            rules.lastBytes = bytes
            update = parse(bytes, path: path)
            if case .loaded = update { rules.loadedBytes = bytes }
        }
        return (update, rules)
    }

    /// The file may have changed (`forced`: SIGHUP, parse it even if the same).
    ///
    /// - Parameter ifGone: the watcher saw it go: the look counts only if it finds nothing.
    public mutating func notice(forced: Bool, ifGone: Bool = false) -> [Action] {
        if let parsing, parsing.offLoop {
            let earlier = waiting ?? (forced: false, ifGone: true)
            waiting = (earlier.forced || forced, earlier.ifGone && ifGone)
            return []
        }
        looking = (forced, ifGone)
        return [.read]
    }

    /// What the read asked for found.
    public mutating func found(_ read: FileRead) -> [Action] {
        guard let (forced, ifGone) = looking else { return [] }
        looking = nil
        if ifGone, read != .missing { return [] }
        switch read {
        case .missing:
            return decide(.removed, empty: false, forced: forced)
        case .failed(let error):
            lastBytes = nil
            return decide(.failed(error), empty: false, forced: forced)
        case .bytes(let bytes):
            if !forced, let lastBytes, ParamsFile.same(bytes, lastBytes) {
                return decide(.unchanged, empty: bytes.isEmpty, forced: forced)
            }
            lastBytes = bytes
            let offLoop = bytes.count > Self.loopParseLimit
            parsing = (bytes, forced, offLoop)
            // This read is newer than any report waiting to settle (a read that found the
            // file gone mid-save): that report must not be delivered while this parses.
            if offLoop { generation += 1 }
            return [.parse(bytes, offLoop: offLoop)]
        }
    }

    /// The outcome of the parse asked for.
    public mutating func parsed(_ update: ParamsUpdate) -> [Action] {
        guard let (bytes, forced, _) = parsing else { return [] }
        parsing = nil
        if case .loaded = update { loadedBytes = bytes }
        var actions = decide(update, empty: bytes.isEmpty, forced: forced)
        if let waiting {
            self.waiting = nil
            actions += notice(forced: waiting.forced, ifGone: waiting.ifGone)
        }
        return actions
    }

    /// The timer armed for `generation` fired.
    public mutating func settled(_ generation: Int) -> [Action] {
        guard let settling, settling.generation == generation, generation == self.generation else { return [] }
        self.settling = nil
        return [.deliver(settling.update, forced: settling.forced, loadedBytes: settling.bytes)]
    }

    /// Passes `update` on at once, or after the settle if it may be a save half done.
    mutating func decide(_ update: ParamsUpdate, empty: Bool, forced: Bool) -> [Action] {
        let bytes = loadedBytes
        let doubtful: Bool =
            switch update {
            case .failed, .removed: true
            case .loaded: empty
            case .unchanged: false
            }
        if case .unchanged = update {
            // The same bytes again: a report of them waiting to settle stands (it is
            // confirmed); one saying the file could not be read or was gone does not.
            if !fromContent { generation += 1 }
            return [.deliver(update, forced: forced, loadedBytes: bytes)]
        }
        let fromContent: Bool =
            switch update {
            case .failed(let error): error.kind != .unreadable && error.kind != .missing
            case .loaded: true
            default: false
            }
        generation += 1
        self.fromContent = doubtful && fromContent
        guard doubtful else {
            settling = nil
            return [.deliver(update, forced: forced, loadedBytes: bytes)]
        }
        settling = (generation, update, forced, bytes)
        return [.armTimer(generation: generation)]
    }

    /// Parses and validates `bytes`. It touches no state, so it can run on any thread.
    public static func parse(_ bytes: [UInt8], path: String) -> ParamsUpdate {
        do {
            let (tree, resolved) = try ParamsDocument.load(bytes)
            return .loaded(tree: tree, resolved: resolved)
        } catch {
            return .failed(error.inFile(path))
        }
    }
}
