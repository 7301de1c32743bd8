import CardLayout
import CardStackExport
import CardStackFiles
import CardStackParams
import CardStackProtocol
import CardStackSession
import NIOCore

/// What the session leaves to its driver: the file work of `save` and `preset` (the session
/// decides and answers, this reads and writes) and `export`'s text (CardStackExport, whose
/// JSON formats use Foundation): ``Effect/save(_:for:)``, ``Effect/readPreset(name:for:)``,
/// ``Effect/export(_:at:options:for:)``.
extension Hub {
    /// The text of the values in force as `format`, posed at `offset`.
    func exportText(_ format: ExportFormat, at offset: Double, options: ExportOptions) -> Result<
        CommandResult, WireError
    > {
        var origin = ExportOrigin(
            version: session.version, revision: session.revision, path: session.path, source: session.source)
        // The image files as the last check resolved them, relative to the parameter file.
        if session.parameters.card.images != nil, images.patterns == session.parameters.card.images,
            let files = images.files
        {
            var directory = "."
            if let path = session.path, let slash = path.lastIndex(of: "/") {
                directory = slash == path.startIndex ? "/" : String(path[..<slash])
            }
            origin.imageFiles = ExportOrigin.relativeImageFiles(files, directory: directory)
        }
        do {
            let text = try Export.text(format, session.parameters, offset: offset, origin: origin, options: options)
            return .success(.exported(ExportResult(format: format, text: text)))
        } catch {
            return .failure(
                WireError(.internal, "export: the daemon could not write the \(format.rawValue) text: \(error)"))
        }
    }

    /// Writes `plan` into the file, unless the file changed on disk since it was loaded (the
    /// check and the replace are one step: ``SavedFile/replace(_:with:expected:)``). The
    /// watcher then loads it as a new revision.
    func write(_ plan: SavePlan) -> Result<SaveOutcome, WireError> {
        do throws(SavedFile.Failure) {
            if plan.bytes == plan.expected {
                // Nothing differs: still say which file it is, and still notice an outside edit.
                return .success(.unchanged(try SavedFile.check(plan.path, holds: plan.expected)))
            }
            let (written, replaced) = try SavedFile.replace(plan.path, with: plan.bytes, expected: plan.expected)
            saved(replacing: replaced)
            return .success(.written(written))
        } catch {
            switch error.kind {
            case .conflict: return .failure(WireError(.conflict, "save: \(error.description)"))
            case .managed: return .failure(WireError(.invalidArgument, "save: \(error.description)"))
            case .system: return .failure(WireError(.ioError, "save: \(error.description)"))
            }
        }
    }

    /// The presets (`name` nil), or preset `name`'s tree and parameters: the preset alone,
    /// so every key it leaves out takes its style's own default.
    func readPreset(_ name: String?) -> Result<PresetOutcome, WireError> {
        guard let name else {
            let list = PresetList(
                presets: presets.list().map { PresetInfo(name: $0.name, path: $0.path) },
                directories: presets.directories)
            return .success(.list(list))
        }
        guard let file = presets.path(of: name) else {
            let known = presets.list().map(\.name)
            return .failure(
                WireError(
                    .invalidArgument,
                    "no preset \"\(name)\" in \(presets.directories.joined(separator: ", ")); "
                        + (known.isEmpty ? "there are none" : "known presets: \(known.joined(separator: ", "))")))
        }
        do {
            let (tree, resolved) = try ParamsDocument.load(try ParamsFile.read(file))
            return .success(.loaded(tree: tree, parameters: resolved.parameters))
        } catch {
            return .failure(WireError(.invalidArgument, "preset \(name) does not load: \(error.inFile(file))"))
        }
    }

    /// A save is done: the late-edit watch (``SavedFile/LateEditWatch``, beside the saving
    /// code) checks the save before and watches the file this one replaced.
    private func saved(replacing file: SavedFile.Replaced?) {
        let (report, save) = lateEdits.saved(replacing: file)
        log(report)
        guard file != nil else { return }
        let window = TimeAmount.nanoseconds(Int64(SavedFile.LateEditWatch.window * 1e9))
        eventLoop.assumeIsolated().scheduleTask(in: window) { [self] in
            log(lateEdits.windowEnded(save))
        }
    }

    private func log(_ report: SavedFile.LateEditWatch.Report?) {
        guard let report else { return }
        if report.isError {
            logger.error("\(report.message)")
        } else {
            logger.warning("\(report.message)")
        }
    }
}
