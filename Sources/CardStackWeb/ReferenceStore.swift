import CardStackSystem
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// The references one bridge holds (``ReferenceClip``): at most ``limit``; loading one more
/// deletes the oldest, and ``removeAll()`` (when the bridge ends) deletes every one, with the
/// directory of one being decoded, and kills the ffmpeg or `cardstack fit` at work
/// (``children``, where each is registered before it starts). Ids are
/// 128 random bits; a frame is found only through its reference's id and its number, so no
/// other file is reachable through `GET /reference/ID/N`.
public final class ReferenceStore: Sendable {
    /// References held at once.
    public static let limit = 2
    /// `cardstack fit`'s command line up to its arguments (the running executable and `fit`),
    /// or nil when fitting is not offered.
    public let fitCommand: [String]?
    /// The daemons' sockets, one per view: a fit reads the clip against the parameters in
    /// force on the view's daemon (`cardstack fit --live --socket`); empty when replaying.
    public let sockets: [String]
    /// The references' directories and the children working on them (ffmpeg decoding an
    /// upload, `cardstack fit`).
    public let children = ChildRegistry()
    private let clips = NIOLockedValueBox<[ReferenceClip]>([])

    public init(fitCommand: [String]?, sockets: [String] = []) {
        self.fitCommand = fitCommand
        self.sockets = sockets
    }

    /// Keeps `clip`, deleting the oldest when more than ``limit`` are held.
    func add(_ clip: ReferenceClip) {
        let dropped = clips.withLockedValue { list in
            list.append(clip)
            let extra = max(0, list.count - Self.limit)
            let old = Array(list.prefix(extra))
            list.removeFirst(extra)
            return old
        }
        for old in dropped { children.removeDirectory(old.directory) }
    }

    /// The reference with `id`, if held.
    func clip(_ id: Substring) -> ReferenceClip? {
        clips.withLockedValue { list in list.first { RequestGate.constantTimeEqual($0.id, String(id)) } }
    }

    /// Kills the children at work, then deletes every reference's files (and those of one
    /// being decoded); nothing new starts after.
    public func removeAll() {
        clips.withLockedValue { $0 = [] }
        children.close()
    }

    /// The bytes of frame `n` of reference `id`, or nil.
    func frame(id: Substring, n: Int) -> [UInt8]? {
        guard let clip = clip(id), clip.times.indices.contains(n) else { return nil }
        let fd = open(clip.frame(n), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count < 16 << 20 {
            let got = read(fd, &chunk, chunk.count)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += chunk.prefix(got)
        }
        return bytes
    }
}
