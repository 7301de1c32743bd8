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
