import CardLayout
import CardStackParams
import CardStackProtocol

/// `history`, `undo` and `redo`, and the session's side of `save` and `preset` (whose file
/// access is the driver's). `export` is the driver's too: it writes the text of
/// ``parameters`` at ``offset`` with CardStackExport.
extension Session {
    mutating func executeTuning(_ command: TuningCommand, at now: Double) throws(WireError) -> CommandResult {
        switch command {
        case .history:
            return .history(history.info)
        case .undo:
            guard let step = history.undo(revision: revision + 1, time: wallClock(at: now)) else {
                throw WireError(.invalidArgument, "nothing to undo: revision \(revision) is the oldest set kept (see cardstack history)")
            }
            return putInForceHere(step, at: now)
        case .redo:
            guard let step = history.redo(revision: revision + 1, time: wallClock(at: now)) else {
                throw WireError(.invalidArgument, "nothing to redo: no undo since the last change (see cardstack history)")
            }
            return putInForceHere(step, at: now)
        case .save, .preset:
            throw WireError(.internal, "\(command.name) reads or writes files: its driver handles it")
        case .export:
            // Its JSON formats are written with Foundation, which the session does not import.
            throw WireError(.internal, "export writes its text at the edge: its driver handles it")
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
