import CardLayout
import CardStackExport
import CardStackFiles
import CardStackParams
import CardStackProtocol
import CardStackSession
import NIOCore

/// What the session leaves to its driver: the file access of `save` and `preset` (the
/// session decides, this reads and writes), and `export`'s text (CardStackExport, whose JSON
/// formats use Foundation).
extension Hub {
    func applyAtEdge(_ command: Command, at now: Double) -> (reply: Result<CommandResult, WireError>, effects: [Effect]) {
        do throws(WireError) {
            switch command {
            case .tuning(.save):
                return (.success(.saved(try save())), [])
            case .tuning(.preset(nil)):
                let list = PresetList(
                    presets: presets.list().map { PresetInfo(name: $0.name, path: $0.path) }, directories: presets.directories)
                return (.success(.presets(list)), [])
            case let .tuning(.export(format, at, options)):
                return (.success(try export(format, at: at, options: options)), [])
            case let .tuning(.preset(name?)):
                let (tree, resolved) = try loadPreset(name)
                let (reply, effects) = session.putInForce(tree: tree, parameters: resolved.parameters, source: .preset, at: now)
                return (.success(reply), effects)
            default:
                return session.apply(command, from: 0, at: now)
            }
        } catch {
            return (.failure(error), [])
        }
    }

    /// The text of the values in force as `format`, posed at `at` (or the offset now).
    private func export(_ format: ExportFormat, at: Double?, options: ExportOptions) throws(WireError) -> CommandResult {
        let origin = ExportOrigin(
            version: session.version, revision: session.revision, path: session.path, source: session.source)
        do {
            let text = try Export.text(format, session.parameters, offset: at ?? session.offset, origin: origin, options: options)
            return .exported(ExportResult(format: format, text: text))
        } catch {
            throw WireError(.internal, "export: the daemon could not write the \(format.rawValue) text: \(error)")
        }
    }

    /// Preset `name`'s tree and parameters: the preset alone, so every key it leaves out
    /// takes its style's own default.
    private func loadPreset(_ name: String) throws(WireError) -> (ParamNode, Resolved) {
        guard let file = presets.path(of: name) else {
            let known = presets.list().map(\.name)
            throw WireError(
                .invalidArgument,
                "no preset \"\(name)\" in \(presets.directories.joined(separator: ", ")); "
                    + (known.isEmpty ? "there are none" : "known presets: \(known.joined(separator: ", "))"))
        }
        do {
            return try ParamsDocument.load(try ParamsFile.read(file))
        } catch {
            throw WireError(.invalidArgument, "preset \(name) does not load: \(error.inFile(file))")
        }
    }

    /// Writes the values in force that differ from the file into it, unless the file
    /// changed on disk since it was loaded. The watcher then loads it as a new revision.
    private func save() throws(WireError) -> SaveResult {
        guard let path else {
            throw WireError(.invalidArgument, "save: the daemon has no parameter file to write")
        }
        guard let loaded = session.loadedBytes else {
            throw WireError(
                .conflict,
                "save: \(path) has not loaded since the daemon started (\(configError?.message ?? "no good content")); fix the file first, then save")
        }
        let new: [UInt8], changed: [String]
        do {
            (new, changed) = try ParamsSaver.save(loaded, as: session.parameters)
        } catch {
            throw WireError(.invalidArgument, "save: \(error.inFile(path))")
        }
        let written: String
        do throws(SavedFile.Failure) {
            if new == loaded {
                // Nothing differs: still say which file it is, and still notice an outside edit.
                written = try SavedFile.check(path, holds: loaded)
                return SaveResult(path: written, written: false, changed: [])
            }
            let replaced: SavedFile.Replaced?
            (written, replaced) = try SavedFile.replace(path, with: new, expected: loaded)
            checkLateEdit()
            if let replaced { watchForLateEdit(replaced) }
        } catch {
            switch error.kind {
            case .conflict: throw WireError(.conflict, "save: \(error.description)")
            case .managed: throw WireError(.invalidArgument, "save: \(error.description)")
            case .system: throw WireError(.ioError, "save: \(error.description)")
            }
        }
        session.recordSave(bytes: new, tree: try? ParamsDocument.load(new).tree)
        logger.info("saved \(changed.joined(separator: ", ")) into \(written)")
        return SaveResult(path: written, written: true, changed: changed)
    }

    /// How long after a save the file it replaced is watched for a late write.
    static let lateEditWindow = TimeAmount.seconds(2)

    /// Keeps `file` (what a save replaced) open for ``lateEditWindow``, then looks at it.
    private func watchForLateEdit(_ file: SavedFile.Replaced) {
        saves += 1
        let save = saves
        replaced = (file, save)
        eventLoop.assumeIsolated().scheduleTask(in: Self.lateEditWindow) { [self] in
            if replaced?.save == save { checkLateEdit() }
        }
    }

    /// A program that had the file open before the last save and wrote to it after wrote to
    /// the replaced file: that edit is the newest, so it is put in place (the watch then
    /// loads it), or kept beside the file if the file changed again. Either way it is logged.
    func checkLateEdit() {
        guard let file = replaced?.file else { return }
        replaced = nil
        defer { file.close() }
        guard let late = file.lateEdit() else { return }
        do {
            let now = try SavedFile.recover(late, from: file)
            if now == file.path {
                logger.warning("an edit reached \(file.path) after save replaced it (a program wrote to the file it held open): it is put back in place as the newest edit")
            } else {
                logger.error("an edit reached \(file.path) after save replaced it, and the file has changed again since: that edit is kept in \(now)")
            }
        } catch {
            logger.error("an edit reached \(file.path) after save replaced it, and it could not be kept: \(error.description)")
        }
    }
}
