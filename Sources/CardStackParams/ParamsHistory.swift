import CardLayout
import CardStackProtocol

/// The parameter sets the daemon had in force, and undo/redo over them, as a plain value
/// (time is passed in).
///
/// Two lists: the log (every set put in force, undo and redo included, for `history`) and
/// the undo line (the sets `undo` and `redo` walk, with a cursor). `undo` and `redo` move
/// the cursor; any other new set (a file load, `set`, `preset`) cuts the line after the
/// cursor and goes on from there, as an editor starts a new branch. A new set with the same
/// values as the one at the cursor (the file reload after a `save`) replaces it rather than
/// adding a step. Both lists keep the newest ``capacity`` entries.
public struct ParamsHistory: Sendable {
    public static let capacity = 100

    /// One set on the undo line: what to put back in force.
    public struct Step: Sendable, Equatable {
        /// The tree the parameters resolve from (`set` merges into it).
        public var tree: ParamNode
        public var parameters: Parameters
    }

    /// One set put in force, with the one before it: which keys changed is worked out only
    /// when `history` asks (comparing two parameter sets key by key is far dearer than a
    /// `set_params`, which a script may send thousands of times a second).
    private struct Record: Sendable {
        var revision: Int
        var source: ParamsSource
        var time: Double
        var previous: Parameters?
        var parameters: Parameters
    }

    private var records: [Record] = []
    public private(set) var steps: [Step] = []
    /// The step in force (an index into ``steps``).
    public private(set) var cursor = 0

    public init() {}

    /// Records a new set put in force by `source` at `revision`, Unix `time`.
    public mutating func record(
        revision: Int, source: ParamsSource, time: Double, tree: ParamNode, parameters: Parameters
    ) {
        let previous = steps.isEmpty ? nil : steps[cursor].parameters
        appendLog(revision: revision, source: source, time: time, previous: previous, parameters: parameters)
        if !steps.isEmpty { steps.removeSubrange((cursor + 1)...) }
        let step = Step(tree: tree, parameters: parameters)
        if let previous, previous == parameters {
            steps[cursor] = step
            return
        }
        steps.append(step)
        if steps.count > Self.capacity { steps.removeFirst(steps.count - Self.capacity) }
        cursor = steps.count - 1
    }

    public var canUndo: Bool { cursor > 0 }
    public var canRedo: Bool { cursor + 1 < steps.count }

    /// Moves back one step and returns it (nil at the oldest), logging it as `undo`.
    public mutating func undo(revision: Int, time: Double) -> Step? {
        guard canUndo else { return nil }
        return move(to: cursor - 1, revision: revision, time: time)
    }

    /// Moves forward one step after an undo and returns it (nil at the newest).
    public mutating func redo(revision: Int, time: Double) -> Step? {
        guard canRedo else { return nil }
        return move(to: cursor + 1, revision: revision, time: time)
    }

    private mutating func move(to index: Int, revision: Int, time: Double) -> Step {
        let previous = steps[cursor].parameters
        cursor = index
        appendLog(revision: revision, source: .undo, time: time, previous: previous, parameters: steps[index].parameters)
        return steps[index]
    }

    private mutating func appendLog(revision: Int, source: ParamsSource, time: Double, previous: Parameters?, parameters: Parameters) {
        records.append(Record(revision: revision, source: source, time: time, previous: previous, parameters: parameters))
        if records.count > Self.capacity { records.removeFirst(records.count - Self.capacity) }
    }

    /// Every set put in force, oldest first; the newest is the one in force.
    public var log: [HistoryEntry] {
        records.indices.map { i in
            let r = records[i]
            let changed = r.previous.map { ParamsValues.changedKeys(from: $0, to: r.parameters) } ?? []
            return HistoryEntry(revision: r.revision, source: r.source, time: r.time, changed: changed, current: i == records.count - 1)
        }
    }

    /// `history`'s result.
    public var info: HistoryInfo {
        HistoryInfo(entries: log, canUndo: canUndo, canRedo: canRedo)
    }
}
