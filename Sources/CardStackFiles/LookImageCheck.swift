import CardStackSystem

/// The state of the images `card.images` names, as the daemon last checked them: which
/// directories to follow and what is wrong with which file.
public struct LookImageCheck: Sendable, Equatable {
    /// At most this many problems are listed; the rest are one line that counts them.
    public static let maximumProblems = 20

    public var directories: Set<String> = []
    /// One sentence per problem, naming the key, the file and the reason: the first
    /// ``maximumProblems``, then a line that counts the rest, then the bound that stopped
    /// the check, if one did.
    public var problems: [String] = []
    /// The files the check resolved, in order (checked or not).
    public var files: [String] = []

    public init() {}

    /// Checks every file `patterns` name (relative to `directory`) by its header alone:
    /// at most ``LookImageFile/headerBytes`` read per file, nothing decoded, and nothing
    /// more once `budget` is spent.
    public init(patterns: [String], relativeTo directory: String, budget: LookImageFile.Budget = .init()) {
        for pattern in patterns.prefix(budget.limits.maximumPatterns) {
            let full = pattern.hasPrefix("/") ? pattern : directory + "/" + pattern
            if let slash = full.lastIndex(of: "/") {
                directories.insert(slash == full.startIndex ? "/" : String(full[..<slash]))
            }
        }
        let found = LookImageFile.resolve(patterns, relativeTo: directory, budget: budget)
        files = found.files
        var all = found.problems.map { "card.images: \($0)" }
        var cut = found.cut
        for (index, file) in found.files.enumerated() {
            if budget.isOver {
                cut =
                    "checking took more than \(budget.limits.secondsText) s; "
                    + "\(found.files.count - index) of \(found.files.count) files were not checked"
                break
            }
            if case .failure(let problem) = LookImageFile.checkHeader(file) { all.append("card.images: \(problem)") }
        }
        problems = Self.bounded(all)
        if let cut { problems.append("card.images: \(cut)") }
    }

    /// The first ``maximumProblems`` of `problems`, then one line counting the rest.
    public static func bounded(_ problems: [String]) -> [String] {
        guard problems.count > maximumProblems else { return problems }
        let rest = problems.count - maximumProblems
        return Array(problems.prefix(maximumProblems)) + ["card.images: … and \(grouped(rest)) more like these"]
    }

    /// `n` with a comma every three digits: 9990 is "9,990".
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var out = ""
        while digits.count > 3 {
            out = "," + String(digits.suffix(3)) + out
            digits.removeLast(3)
        }
        return String(digits) + out
    }
}
