#if canImport(Glibc)
    import Glibc
#endif

/// Which directory entries decide what a config path points at: the file's own name in its
/// directory, and every symlink met on the way (a ConfigMap's `..data`, a dotfile manager's
/// link), each as (real directory, name). Watching these directories and filtering by these
/// names catches every save style, including symlink swaps and retargeted links.
public struct WatchPlan: Sendable, Equatable {
    public struct Entry: Sendable, Hashable {
        public var directory: String
        public var name: String
    }

    public var entries: Set<Entry>
    /// The file's own entry when the path has no symlink on its way and every directory on
    /// it exists: then the plan is that one entry.
    public var direct: Entry?

    public init(entries: Set<Entry>, direct: Entry? = nil) {
        self.entries = entries
        self.direct = direct
    }

    /// Whether a change to `name` in `directory` leaves the plan as it is, so it need not be
    /// resolved again: it is the file's own entry on a path without symlinks, and what is
    /// there now is a file or nothing (a symlink put in its place needs a new plan). Every
    /// save of a plain path is one such change; resolving again costs a `lstat` per
    /// component and the watch bookkeeping while the save waits.
    public func holds(afterChangeTo name: String, in directory: String) -> Bool {
        guard let direct, direct.directory == directory, direct.name == name else { return false }
        var info = stat()
        let path = directory == "/" ? "/" + name : directory + "/" + name
        return lstat(path, &info) != 0 || (info.st_mode & S_IFMT) != S_IFLNK
    }

    /// The directories to watch.
    public var directories: Set<String> { Set(entries.map(\.directory)) }

    public func contains(directory: String, name: String) -> Bool {
        entries.contains(Entry(directory: directory, name: name))
    }

    /// Resolves `path` component by component, like `realpath`, recording each step.
    public static func resolve(_ path: String, workingDirectory: String) -> WatchPlan {
        var pending = components(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        var current = ""
        var entries = Set<Entry>()
        var hops = 0
        var direct: Entry?
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part == "." { continue }
            if part == ".." {
                current = parent(current)
                continue
            }
            let candidate = current + "/" + part
            var info = stat()
            guard lstat(candidate, &info) == 0 else {
                // Missing: watch the deepest existing directory for this name to appear.
                entries.insert(Entry(directory: current.isEmpty ? "/" : current, name: part))
                break
            }
            if (info.st_mode & S_IFMT) == S_IFLNK, hops < 40 {
                hops += 1
                entries.insert(Entry(directory: current.isEmpty ? "/" : current, name: part))
                let target = readLink(candidate)
                if target.hasPrefix("/") { current = "" }
                pending = components(target) + pending
                continue
            }
            if pending.isEmpty {
                let entry = Entry(directory: current.isEmpty ? "/" : current, name: part)
                entries.insert(entry)
                if hops == 0 { direct = entry }
            }
            current = candidate
        }
        return WatchPlan(entries: entries, direct: direct)
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func readLink(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return "" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
