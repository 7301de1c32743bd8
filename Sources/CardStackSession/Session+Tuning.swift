import CardLayout
import CardStackParams
import CardStackProtocol

/// `history`, `undo` and `redo`, and the session's side of `save`, `preset` and `export`
/// (whose file access and text are the driver's, asked for by an effect).
extension Session {
    /// The result of `command`, or nil when the driver's file work answers it.
    mutating func executeTuning(
        _ command: TuningCommand, from requester: Requester, at now: Double
    ) throws(WireError) -> CommandResult? {
        switch command {
        case .history:
            return .history(history.info)
        case .undo:
            guard let step = history.undo(revision: revision + 1, time: wallClock(at: now)) else {
                throw WireError(
                    .invalidArgument,
                    "nothing to undo: revision \(revision) is the oldest set kept (see cardstack history)")
            }
            return putInForceHere(step, at: now)
        case .redo:
            guard let step = history.redo(revision: revision + 1, time: wallClock(at: now)) else {
                throw WireError(
                    .invalidArgument, "nothing to redo: no undo since the last change (see cardstack history)")
            }
            return putInForceHere(step, at: now)
        case .export(let format, let at, let options):
            // Its text is the driver's to write (CardStackExport's JSON formats use Foundation).
            emit(.export(format, at: at ?? offset, options: options, for: requester))
            return nil
        case .save:
            emit(.save(try savePlan(), for: requester))
            return nil
        case .preset(let name):
            emit(.readPreset(name: name, for: requester))
            return nil
        }
    }

    /// What `save` writes: the values in force that differ from the file, written into the
    /// content last loaded (its comments and layout kept), unless there is no such content.
    private func savePlan() throws(WireError) -> SavePlan {
        guard let path else {
            throw WireError(.invalidArgument, "save: the daemon has no parameter file to write")
        }
        guard let loaded = loadedBytes else {
            throw WireError(
                .conflict,
                "save: \(path) has not loaded since the daemon started (\(configError?.message ?? "no good content")); fix the file first, then save"
            )
        }
        do {
            let (new, changed) = try ParamsSaver.save(loaded, as: parameters)
            return SavePlan(path: path, bytes: new, expected: loaded, changed: new == loaded ? [] : changed)
        } catch {
            throw WireError(.invalidArgument, "save: \(error.inFile(path))")
        }
    }

    /// `save`'s file work ended with `outcome`: the reply for `requester`, and what follows.
    public mutating func finishSave(
        _ plan: SavePlan, outcome: Result<SaveOutcome, WireError>, for requester: Requester, at now: Double
    ) -> (reply: Result<CommandResult, WireError>, effects: [Effect]) {
        switch outcome {
        case .failure(let error):
            return (.failure(error), [])
        case .success(.unchanged(let path)):
            return (.success(.saved(SaveResult(path: path, written: false, changed: []))), [])
        case .success(.written(let path)):
            recordSave(bytes: plan.bytes, tree: try? ParamsDocument.load(plan.bytes).tree)
            let reply = SaveResult(path: path, written: true, changed: plan.changed)
            return (
                .success(.saved(reply)), [.log(.info, "saved \(plan.changed.joined(separator: ", ")) into \(path)")]
            )
        }
    }

    /// `preset`'s file work found `outcome`: the reply for `requester`, and what follows.
    public mutating func finishPreset(
        _ outcome: Result<PresetOutcome, WireError>, for requester: Requester, at now: Double
    ) -> (reply: Result<CommandResult, WireError>, effects: [Effect]) {
        switch outcome {
        case .failure(let error):
            return (.failure(error), [])
        case .success(.list(let list)):
            return (.success(.presets(list)), [])
        case .success(.loaded(let tree, let parameters)):
            let (reply, effects) = putInForce(tree: tree, parameters: parameters, source: .preset, at: now)
            return (.success(reply), effects)
        }
    }

    private mutating func putInForceHere(_ step: ParamsHistory.Step, at now: Double) -> CommandResult {
        let (reply, caused) = putInForce(tree: step.tree, parameters: step.parameters, source: .undo, at: now)
        effects += caused
        return reply
    }

    /// `save` wrote `bytes` (whose tree is `tree`, when it parses) into the file: what the
    /// next `save` expects to find there.
    public mutating func recordSave(bytes: [UInt8], tree: ParamNode?) {
        loadedBytes = bytes
        if let tree {
            fileTree = tree
            fileParameters = parameters
        }
    }
}
