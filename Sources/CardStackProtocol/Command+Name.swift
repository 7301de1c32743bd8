extension Command {
    /// Every command's wire name (`cmd`), spelled here once: parsing (Request+Wire.swift)
    /// switches over these, `Command.names` lists them for help and errors, and
    /// ``Command/kind`` names each command value.
    public enum Name: String, Sendable, CaseIterable {
        case ping
        case getParams = "get_params"
        case setParams = "set_params"
        case getFrame = "get_frame"
        case getState = "get_state"
        case subscribe, unsubscribe
        case scroll
        case scrollTo = "scroll_to"
        case fling, drag, snap, next, prev
        case move, remove, insert
        case save, history, undo, redo, preset, export
        case open, close
        case getSchema = "get_schema"
        case setVariants = "set_variants"
    }

    /// The wire names of every command, for help and error messages.
    public static let names = Name.allCases.map(\.rawValue)

    /// This command's name.
    public var kind: Name {
        switch self {
        case .ping: .ping
        case .getParams: .getParams
        case .setParams: .setParams
        case .getFrame: .getFrame
        case .getState: .getState
        case .subscribe: .subscribe
        case .unsubscribe: .unsubscribe
        case .scroll: .scroll
        case .scrollTo: .scrollTo
        case .fling: .fling
        case .drag: .drag
        case .snap: .snap
        case .next: .next
        case .prev: .prev
        case .edit(.move): .move
        case .edit(.remove): .remove
        case .edit(.insert): .insert
        case .tuning(let tuning): tuning.kind
        case .open: .open
        case .close: .close
        case .getSchema: .getSchema
        case .setVariants: .setVariants
        }
    }

    /// This command's wire name.
    public var name: String { kind.rawValue }
}

extension TuningCommand {
    /// This command's name.
    public var kind: Command.Name {
        switch self {
        case .save: .save
        case .history: .history
        case .undo: .undo
        case .redo: .redo
        case .preset: .preset
        case .export: .export
        }
    }

    /// This command's wire name.
    public var name: String { kind.rawValue }
}
