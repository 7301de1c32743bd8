/// One look at a polled parameter file: its identity, size, modification time and the
/// first bytes of its content (``PollWatch/headLimit``), or why there was nothing to see.
public enum FileLook: Sendable, Equatable {
    case missing
    /// It could not be opened or read (`errno`).
    case unreadable(Int32)
    case present(FileStamp, head: [UInt8])

    public static func == (a: FileLook, b: FileLook) -> Bool {
        switch (a, b) {
        case (.missing, .missing): true
        case (.unreadable(let x), .unreadable(let y)): x == y
        case (.present(let x, let xHead), .present(let y, let yHead)): x == y && ParamsFile.same(xHead, yHead)
        default: false
        }
    }
}

/// What `fstat` says of a file that matters to a reload: another file in its place, another
/// size, another modification time (to the nanosecond), another kind.
public struct FileStamp: Sendable, Equatable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64
    /// The file's type bits (`st_mode & S_IFMT`).
    public var kind: UInt32

    public init(
        device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, kind: UInt32
    ) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.kind = kind
    }
}

/// Polling as a plain value: looks go in with the time (seconds, any monotonic origin);
/// out come what changed and when to look next.
///
/// The file's stamp alone is not enough: on a FUSE mount `stat` keeps the old size and time
/// for up to a second after a save made underneath, while a read already sees the new bytes
/// (measured with bindfs). So a look also holds the file's first ``headLimit`` bytes, and a
/// change to either counts. Past that limit a change is seen once the stamp shows it.
///
/// A change is looked at again soon (``quick``) until a look finds the file as the one
/// before: a save still being written, or a stamp catching up, is seen in full at once.
public struct PollWatch: Sendable {
    /// How long a still file waits between looks.
    public let interval: Double
    /// How long a changing file waits between looks.
    public let quick: Double
    /// How much of the file a look reads: the largest file the daemon parses on its loop.
    public static let headLimit = 16 * 1024

    var last: FileLook?

    public init(interval: Double = WatchChoice.interval, quick: Double = 0.02) {
        self.interval = interval
        self.quick = min(quick, interval)
    }

    /// Takes in a look made at `now`.
    ///
    /// - Returns: what it shows that the one before did not (nil for the first look and
    ///   when nothing changed) and when to look next.
    public mutating func observe(_ look: FileLook, at now: Double) -> (change: InotifyWatcher.Change?, next: Double) {
        defer { last = look }
        guard let last, last != look else { return (nil, now + interval) }
        let change: InotifyWatcher.Change =
            switch look {
            case .missing: .gone
            case .unreadable, .present: .content
            }
        return (change, now + quick)
    }
}
