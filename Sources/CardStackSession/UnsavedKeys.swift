import CardLayout
import CardStackParams

/// The keys whose values in force differ from the file's (`unsaved` in every `params`),
/// worked out when either set changes rather than each time a `params` is written: both
/// sets kept flattened table by table, and only the tables that differ compared
/// (docs/performance.md, "Where a set_params and a save spend their time").
struct UnsavedKeys {
    private(set) var keys: [String] = []
    /// The values in force, flattened.
    private var inForce: ParamsValues.Flat
    /// The file's values as last loaded or saved, flattened (nil while no file has loaded).
    private(set) var file: ParamsValues.Flat?

    init(inForce parameters: Parameters, file: Parameters?) {
        inForce = ParamsValues.Flat(parameters)
        self.file = file.map(ParamsValues.Flat.init)
        keys = self.file.map(inForce.changedKeys) ?? []
    }

    /// New values in force: taken from the file's when they are the same set.
    mutating func inForce(_ parameters: Parameters) {
        if let file, file.parameters == parameters {
            inForce = file
        } else {
            inForce.update(to: parameters)
        }
        keys = file.map(inForce.changedKeys) ?? []
    }

    /// New file values: flattened from the nearer of the two sets (only the tables that differ).
    mutating func file(_ parameters: Parameters?) {
        file = parameters.map { new in
            var flat = new == inForce.parameters ? inForce : file ?? inForce
            flat.update(to: new)
            return flat
        }
        keys = file.map(inForce.changedKeys) ?? []
    }
}
