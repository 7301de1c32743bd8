#if canImport(Glibc)
    import Glibc
#endif

/// Resolving `card.images`' globs with bounds of their own (docs/protocol.md §8): at most
/// ``Limits/maximumFiles`` files in all, at most ``Limits/maximumEntries`` directory
/// entries read, and nothing more once the deadline passes. The walk is this file's own
/// (`opendir`, `readdir`, `fnmatch`), not glob(3), which reads a whole tree into memory
/// before it returns and cannot be stopped.
extension LookImageFile {
    /// The bounds of one resolve and check of the look's images.
    public struct Limits: Sendable, Equatable {
        /// Patterns looked at (`card.images` takes at most this many, docs/parameters.md).
        public var maximumPatterns = 1024
        /// Files matched, over every pattern.
        public var maximumFiles = 4096
        /// Directory entries read, over every pattern.
        public var maximumEntries = 100_000
        /// Seconds for the whole resolve and header check.
        public var seconds = 2.0

        public init() {}

        /// ``seconds`` as a sentence says it: "2", "0.5".
        public var secondsText: String { seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds) }
    }

    /// When a resolve must stop: a deadline on the monotonic clock, or a newer one.
    public struct Budget: Sendable {
        public var limits: Limits
        let deadline: UInt64
        let superseded: @Sendable () -> Bool

        public init(limits: Limits = Limits(), superseded: @escaping @Sendable () -> Bool = { false }) {
            self.limits = limits
            deadline = Self.now() &+ UInt64(max(0, limits.seconds) * 1e9)
            self.superseded = superseded
        }

        /// Whether the deadline has passed or a newer resolve made this one moot.
        public var isOver: Bool { Self.now() >= deadline || superseded() }

        static func now() -> UInt64 {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
        }
    }

    /// What a bounded resolve found.
    public struct Resolution: Sendable, Equatable {
        /// The files, in order: each pattern's matches sorted (bytewise), patterns in order.
        public var files: [String] = []
        /// Each pattern that matched nothing.
        public var problems: [Problem] = []
        /// Which bound stopped the resolve before its end, as a sentence; nil if none did.
        public var cut: String?
    }

    /// Every file the patterns name, in order: each pattern's sorted matches, relative
    /// patterns against `directory`. A pattern that matches nothing is a problem.
    public static func resolve(_ patterns: [String], relativeTo directory: String) -> Result<[String], Problem> {
        let found = resolve(patterns, relativeTo: directory, budget: Budget())
        if let problem = found.problems.first { return .failure(problem) }
        return .success(found.files)
    }

    /// Every file the patterns name within `budget`: what was found before a bound was met,
    /// and which bound that was.
    public static func resolve(_ patterns: [String], relativeTo directory: String, budget: Budget) -> Resolution {
        var walk = GlobWalk(budget: budget)
        var out = Resolution()
        let limits = budget.limits
        if patterns.count > limits.maximumPatterns {
            out.cut = "\(patterns.count) patterns, more than the \(limits.maximumPatterns) looked at"
        }
        for pattern in patterns.prefix(limits.maximumPatterns) {
            let absolute = pattern.hasPrefix("/")
            var matches = walk.matches(pattern, base: absolute ? "" : directory)
            matches.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            out.files += matches
            if let cut = walk.cut {
                out.cut = cut
                break
            }
            if matches.isEmpty {
                let path = absolute ? pattern : directory + "/" + pattern
                out.problems.append(Problem(path: path, reason: "no such file (no file matches)"))
            }
        }
        return out
    }
}

/// One bounded walk over patterns, counting files and entries across all of them.
struct GlobWalk {
    let budget: LookImageFile.Budget
    var files = 0
    var entries = 0
    var cut: String?

    init(budget: LookImageFile.Budget) {
        self.budget = budget
    }

    /// The paths `pattern` matches under `base` ("" for an absolute pattern), unsorted.
    mutating func matches(_ pattern: String, base: String) -> [String] {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty else { return [] }
        var prefixes = [base]
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            var next: [String] = []
            if !Self.hasMagic(part) {
                let name = Self.unescaped(part)
                for prefix in prefixes { next.append(Self.join(prefix, name)) }
            } else {
                for prefix in prefixes {
                    next += list(prefix, matching: part, directoriesOnly: !last)
                    if cut != nil { break }
                }
            }
            prefixes = next
            // Stopped short of the last part: what was found are directories, not files.
            if cut != nil, !last { return [] }
            if prefixes.isEmpty { return [] }
        }
        // A name without a glob must exist; what `list` found does.
        let checked = Self.hasMagic(parts[parts.count - 1]) ? prefixes : prefixes.filter(Self.exists)
        let room = max(0, budget.limits.maximumFiles - files)
        if checked.count > room {
            cut =
                "more than \(budget.limits.maximumFiles) files match; the first \(budget.limits.maximumFiles) are used"
        }
        let kept = Array(checked.prefix(room))
        files += kept.count
        return kept
    }

    /// The entries of `directory` that `pattern` matches (a leading dot only by a dot), in
    /// bytewise order, so that a walk cut short keeps the first.
    private mutating func list(_ directory: String, matching pattern: String, directoriesOnly: Bool) -> [String] {
        if spent() { return [] }
        guard let dir = opendir(directory.isEmpty ? "/" : directory) else { return [] }
        defer { closedir(dir) }
        var out: [(name: String, type: UInt8)] = []
        while let entry = readdir(dir) {
            entries += 1
            if entries > budget.limits.maximumEntries {
                cut =
                    "more than \(budget.limits.maximumEntries) directory entries to read; the files found before are used"
                break
            }
            if entries % 64 == 0, spent() { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." || fnmatch(pattern, name, FNM_PERIOD) != 0 { continue }
            out.append((name, entry.pointee.d_type))
        }
        out.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var paths: [String] = []
        for (name, type) in out {
            let path = Self.join(directory, name)
            if directoriesOnly, type != UInt8(DT_DIR) {
                guard type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN), Self.isDirectory(path) else { continue }
            }
            paths.append(path)
        }
        return paths
    }

    /// Whether the budget's time is spent (or a newer resolve made this one moot); says so.
    private mutating func spent() -> Bool {
        guard cut == nil else { return true }
        guard budget.isOver else { return false }
        cut = "resolving took more than \(budget.limits.secondsText) s; the files found before are used"
        return true
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func hasMagic(_ part: String) -> Bool {
        var escaped = false
        for c in part {
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "*" || c == "?" || c == "[" {
                return true
            }
        }
        return false
    }

    static func unescaped(_ part: String) -> String {
        var out = ""
        var escaped = false
        for c in part {
            if !escaped, c == "\\" {
                escaped = true
                continue
            }
            escaped = false
            out.append(c)
        }
        return out
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
