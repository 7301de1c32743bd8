/// Late-edit recovery after a save, beside the code that saves: the file the last save
/// replaced is kept open for ``window`` seconds, then (or at the next save) looked at; an
/// edit that reached it after the save is put back in place, or kept beside the file.
/// The driver keeps one of these, arms a timer for ``window`` and logs what ``check()`` says.
extension SavedFile {
    public struct LateEditWatch: Sendable {
        /// How long after a save the file it replaced is watched for a late write, in seconds.
        public static let window = 2.0

        /// The file the last save replaced, and which save that was.
        var replaced: (file: Replaced, save: Int)?
        var saves = 0

        public init() {}

        /// A save replaced `file` (a save before it is checked first).
        ///
        /// - Returns: what a check of the save before found, and this save's number, to hand
        ///   to ``windowEnded(_:)`` after ``window``.
        public mutating func saved(replacing file: Replaced?) -> (report: Report?, save: Int) {
            let report = check()
            saves += 1
            if let file { replaced = (file, saves) }
            return (report, saves)
        }

        /// The window of save `save` ended: what a check found, unless a newer save came.
        public mutating func windowEnded(_ save: Int) -> Report? {
            guard replaced?.save == save else { return nil }
            return check()
        }

        /// Looks at the replaced file once and lets it go: a program that had the file open
        /// before the save and wrote to it after wrote to the replaced file, and that edit is
        /// the newest, so it is put in place (the watch then loads it), or kept beside the
        /// file if the file changed again.
        public mutating func check() -> Report? {
            guard let file = replaced?.file else { return nil }
            replaced = nil
            defer { file.close() }
            guard let late = file.lateEdit() else { return nil }
            do {
                let now = try SavedFile.recover(late, from: file)
                return now == file.path ? .putBack(file.path) : .keptBeside(file.path, now)
            } catch {
                return .lost(file.path, error)
            }
        }

        /// What became of a late edit, for the log.
        public enum Report: Sendable, Equatable {
            /// Put back in place as the newest edit.
            case putBack(String)
            /// The file changed again since: the edit is kept in the second path.
            case keptBeside(String, String)
            /// It could not be kept.
            case lost(String, Failure)

            /// Whether the log says it as an error (the edit is not in the file).
            public var isError: Bool {
                if case .putBack = self { false } else { true }
            }

            public var message: String {
                switch self {
                case .putBack(let path):
                    "an edit reached \(path) after save replaced it (a program wrote to the file it held open): it is put back in place as the newest edit"
                case .keptBeside(let path, let copy):
                    "an edit reached \(path) after save replaced it, and the file has changed again since: that edit is kept in \(copy)"
                case .lost(let path, let error):
                    "an edit reached \(path) after save replaced it, and it could not be kept: \(error.description)"
                }
            }
        }
    }
}
