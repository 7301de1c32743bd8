import CardLayout
import CardStackProtocol

/// The parameter sets the daemon had in force, and undo/redo over them, as a plain value
/// (time is passed in).
///
/// Two lists: the log (every set put in force, undo and redo included, for `history`) and
/// the undo line (the sets `undo` and `redo` walk, with a cursor). `undo` and `redo` move
/// the cursor; any other new set (a file load, `set`, `preset`) cuts the line after the
/// cursor and goes on from there, as an editor starts a new branch. A new set with the same
/// values as the one at the cursor replaces it rather than adding a step; when that set is
/// the file's (the reload after a `save`), it takes the log's newest row too, so a save adds
/// no row that changes nothing. Both lists keep the newest ``capacity`` entries.
///
/// A set may carry a ``Coalescing`` key: when the newest entry was made by a set with the
/// same key (one drag's `gesture`, or a client's burst of sets each within
/// `ParamsGesture.burstWindow` of the one before), the new set takes that entry's place
/// instead of adding one, so the entry goes from the set before the drag to the one it
/// ended on (ParamsHistory+Coalescing.swift).
public struct ParamsHistory: Sendable {
    public static let capacity = 100

    /// One set on the undo line: what to put back in force.
    public struct Step: Sendable, Equatable {
        /// The tree the parameters resolve from (`set` merges into it).
        public var tree: ParamNode
        public var parameters: Parameters

        /// What a dropped step's slot holds until the list is compacted.
        static let released = Step(tree: .emptyTable, parameters: Parameters())
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

        static let released = Record(revision: 0, source: .defaults, time: 0, previous: nil, parameters: Parameters())
    }

    // Both lists are kept from an offset (`firstRecord`, `firstStep`) and compacted only
    // when the dropped entries fill a whole capacity: a record at full history moves
    // nothing, where dropping the oldest entry at once moved all 100 (a save's params event
    // waits on it). A dropped entry is released at once (its slot takes a shared
    // placeholder), so the compaction frees nothing: freeing 100 sets at once cost one
    // save in 100 some 400 µs.
    private var records: [Record] = []
    private var firstRecord = 0
    private var stored: [Step] = []
    private var firstStep = 0
    /// The step in force, as an index into `stored`.
    private var current = 0
    /// The newest entry's key and time, while a set with the same key may still join it.
    var open: (key: Coalescing, time: Double)?

    /// The undo line, oldest first (at most ``capacity``).
    public var steps: [Step] { Array(stored[firstStep...]) }
    /// The step in force (an index into ``steps``).
    public var cursor: Int { current - firstStep }

    public init() {}

    /// Records a new set put in force by `source` at `revision`, Unix `time`.
    ///
    /// - Parameter coalescing: the set's key (a `set_params`), which may join the newest entry.
    public mutating func record(
        revision: Int, source: ParamsSource, time: Double, tree: ParamNode, parameters: Parameters,
        coalescing: Coalescing? = nil
    ) {
        let joins = coalescing.map { joinsOpenEntry($0, at: time) } ?? false
        open = coalescing.map { ($0, time) }
        let step = Step(tree: tree, parameters: parameters)
        if joins, records.count > firstRecord {
            // One more set of the same drag or burst: it becomes the newest entry's set.
            records[records.count - 1].revision = revision
            records[records.count - 1].time = time
            records[records.count - 1].parameters = parameters
            stored[current] = step
            return
        }
        let previous = stored.isEmpty ? nil : stored[current].parameters
        if source == .file, let previous, previous == parameters, records.count > firstRecord {
            // The file now holds the values in force (the reload after a `save`): its load takes
            // the row and the step of the set it saved, rather than adding a row that changes
            // nothing. Which keys that set changed still shows.
            records[records.count - 1].revision = revision
            records[records.count - 1].source = source
            records[records.count - 1].time = time
            stored.removeSubrange((current + 1)...)
            stored[current] = step
            return
        }
        appendLog(revision: revision, source: source, time: time, previous: previous, parameters: parameters)
        if !stored.isEmpty { stored.removeSubrange((current + 1)...) }
        if let previous, previous == parameters {
            stored[current] = step
            return
        }
        stored.append(step)
        current = stored.count - 1
        while stored.count - firstStep > Self.capacity {
            stored[firstStep] = .released
            firstStep += 1
        }
        if firstStep >= Self.capacity {
            stored.removeFirst(firstStep)
            current -= firstStep
            firstStep = 0
        }
    }

    public var canUndo: Bool { current > firstStep }
    public var canRedo: Bool { current + 1 < stored.count }

    /// Moves back one step and returns it (nil at the oldest), logging it as `undo`.
    public mutating func undo(revision: Int, time: Double) -> Step? {
        guard canUndo else { return nil }
        return move(to: current - 1, revision: revision, time: time)
    }

    /// Moves forward one step after an undo and returns it (nil at the newest).
    public mutating func redo(revision: Int, time: Double) -> Step? {
        guard canRedo else { return nil }
        return move(to: current + 1, revision: revision, time: time)
    }

    private mutating func move(to index: Int, revision: Int, time: Double) -> Step {
        open = nil
        let previous = stored[current].parameters
        current = index
        appendLog(
            revision: revision, source: .undo, time: time, previous: previous, parameters: stored[index].parameters)
        return stored[index]
    }

    private mutating func appendLog(
        revision: Int, source: ParamsSource, time: Double, previous: Parameters?, parameters: Parameters
    ) {
        records.append(
            Record(revision: revision, source: source, time: time, previous: previous, parameters: parameters))
        while records.count - firstRecord > Self.capacity {
            records[firstRecord] = .released
            firstRecord += 1
        }
        if firstRecord >= Self.capacity {
            records.removeFirst(firstRecord)
            firstRecord = 0
        }
    }

    /// Every set put in force, oldest first; the newest is the one in force.
    public var log: [HistoryEntry] {
        records.indices.dropFirst(firstRecord).map { i in
            let r = records[i]
            let changed = r.previous.map { ParamsValues.changedKeys(from: $0, to: r.parameters) } ?? []
            return HistoryEntry(
                revision: r.revision, source: r.source, time: r.time, changed: changed, current: i == records.count - 1)
        }
    }

    /// `history`'s result.
    public var info: HistoryInfo {
        HistoryInfo(entries: log, canUndo: canUndo, canRedo: canRedo)
    }
}
