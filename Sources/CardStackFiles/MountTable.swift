/// The mounts of `/proc/self/mountinfo`, read as a plain value: where each is mounted, its
/// type and its source, so the watcher can say which file system a path is on in the words
/// the mount uses (`virtiofs`, `fuse.sshfs`, `nfs4`).
public struct MountTable: Sendable, Equatable {
    public struct Mount: Sendable, Equatable {
        public var point: String
        public var type: String
        public var source: String
    }

    public var mounts: [Mount]

    public init(mounts: [Mount]) { self.mounts = mounts }

    /// Reads mountinfo's text: `ID PARENT MAJ:MIN ROOT POINT OPTIONS [TAGS…] - TYPE SOURCE SUPER`,
    /// with spaces, tabs, newlines and backslashes in paths written as octal escapes. Lines
    /// that are not of that shape are skipped.
    public static func parse(_ text: String) -> MountTable {
        var mounts: [Mount] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 7, let dash = fields.firstIndex(of: "-"), dash >= 6, dash + 2 < fields.count
            else { continue }
            mounts.append(
                Mount(
                    point: unescape(fields[4]), type: String(fields[dash + 1]), source: unescape(fields[dash + 2])))
        }
        return MountTable(mounts: mounts)
    }

    /// The mount that holds the absolute, resolved `path`: the one whose point is the longest
    /// prefix of it by whole components, the last mounted where two share a point.
    public func mount(holding path: String) -> Mount? {
        var best: Mount?
        for mount in mounts where Self.holds(mount.point, path) {
            if best == nil || mount.point.utf8.count >= best!.point.utf8.count { best = mount }
        }
        return best
    }

    static func holds(_ point: String, _ path: String) -> Bool {
        if point == "/" || point == path { return true }
        return path.hasPrefix(point) && path.dropFirst(point.count).hasPrefix("/")
    }

    /// `\040` and the like back to their bytes.
    static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), let value = octal(utf8[(i + 1)..<min(i + 4, utf8.count)]) {
                bytes.append(value)
                i += 4
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard digits.count == 3 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }
}
