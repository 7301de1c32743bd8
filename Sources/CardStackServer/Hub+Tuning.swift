import CardLayout
import CardStackParams
import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// `save`, `history`, `undo`, `redo`, `preset` and `export`: the numbers in force going
/// back into the file, through time, in from a library and out as code.
extension Hub {
    /// Wall-clock time, Unix seconds (history entries are read by people).
    static var wallClock: Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    func executeTuning(_ command: TuningCommand, reply: (CommandResult) -> Void) throws(WireError) {
        switch command {
        case .save:
            reply(.saved(try save()))
        case .history:
            reply(.history(history.info))
        case .undo:
            guard let step = history.undo(revision: revision + 1, time: Self.wallClock) else {
                throw WireError(.invalidArgument, "nothing to undo: revision \(revision) is the oldest set kept (see cardstack history)")
            }
            putInForce(tree: step.tree, parameters: step.parameters, source: .undo, reply: reply)
        case .redo:
            guard let step = history.redo(revision: revision + 1, time: Self.wallClock) else {
                throw WireError(.invalidArgument, "nothing to redo: no undo since the last change (see cardstack history)")
            }
            putInForce(tree: step.tree, parameters: step.parameters, source: .undo, reply: reply)
        case .preset(nil):
            reply(.presets(PresetList(
                presets: presets.list().map { PresetInfo(name: $0.name, path: $0.path) }, directories: presets.directories)))
        case let .preset(name?):
            let (tree, resolved) = try loadPreset(name)
            putInForce(tree: tree, parameters: resolved.parameters, source: .preset, reply: reply)
        case let .export(format, at):
            let origin = ExportOrigin(version: configuration.version, revision: revision, path: path, source: source)
            do {
                let text = try Export.text(format, parameters, offset: at ?? offset, origin: origin)
                reply(.exported(ExportResult(format: format, text: text)))
            } catch {
                throw WireError(.internal, "export: the daemon could not write the \(format.rawValue) text: \(error)")
            }
        }
    }

    /// Puts a whole parameter set in force: the reply first, then the events it causes.
    private func putInForce(tree: ParamNode, parameters new: Parameters, source: ParamsSource, reply: (CommandResult) -> Void) {
        var info = paramsInfo
        info.revision += 1
        info.params = new
        info.source = source
        reply(.params(info))
        inForceTree = tree
        overrides = .emptyTable
        install(new, source: source)
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
        guard let loaded = loadedBytes else {
            throw WireError(
                .conflict,
                "save: \(path) has not loaded since the daemon started (\(configError?.message ?? "no good content")); fix the file first, then save")
        }
        let new: [UInt8], changed: [String]
        do {
            (new, changed) = try ParamsSaver.save(loaded, as: parameters)
        } catch {
            throw WireError(.invalidArgument, "save: \(error.inFile(path))")
        }
        let written: String
        do throws(SavedFile.Failure) {
            if new == loaded {
                // Nothing differs: still say which file it is, and still notice an outside edit.
                written = try SavedFile.realTarget(of: path).path
                if (try? ParamsFile.read(written)) != loaded {
                    throw SavedFile.Failure(.conflict, "\(path) changed on disk since the daemon last loaded it; nothing was written")
                }
                return SaveResult(path: written, written: false, changed: [])
            }
            written = try SavedFile.replace(path, with: new, expected: loaded)
        } catch {
            switch error.kind {
            case .conflict: throw WireError(.conflict, "save: \(error.description)")
            case .managed: throw WireError(.invalidArgument, "save: \(error.description)")
            case .system: throw WireError(.internal, "save: \(error.description)")
            }
        }
        loadedBytes = new
        if let tree = try? ParamsDocument.load(new).tree { fileTree = tree }
        logger.info("saved \(changed.joined(separator: ", ")) into \(written)")
        return SaveResult(path: written, written: true, changed: changed)
    }
}
