import CardStackProtocol

/// What `cardstackd --watch` asks for.
public enum WatchRequest: String, Sendable, CaseIterable {
    /// Poll too where inotify cannot see every save (the file systems ``WatchChoice/sharedKind(type:mountType:)`` names).
    case auto
    /// inotify alone, wherever the file is.
    case inotify
    /// Poll always (with inotify beside it when it can start).
    case poll
}

/// Where a path lives: its file system's type as `statfs` gives it (`f_type`), and the
/// mount's own words for it from `/proc/self/mountinfo` when they were found.
public struct FileSystemFacts: Sendable, Equatable {
    public var path: String
    /// `statfs`' `f_type`.
    public var type: UInt64
    /// The mount's type (`fuse`, `fuse.sshfs`, `virtiofs`, `nfs4`, `cifs`, …).
    public var mountType: String?
    /// Where it is mounted, and from what (a bindfs or sshfs mount's source).
    public var mountPoint: String?
    public var source: String?

    public init(path: String, type: UInt64, mountType: String? = nil, mountPoint: String? = nil, source: String? = nil)
    {
        self.path = path
        self.type = type
        self.mountType = mountType
        self.mountPoint = mountPoint
        self.source = source
    }
}

/// Whether the daemon polls the parameter file besides inotify, and why: a plain value,
/// decided once at start from the file systems of the file and of every directory its
/// watch plan names (``WatchPlan``).
///
/// inotify reports what this kernel does to a file. A file system whose files change
/// elsewhere — on a Mac behind virtiofs or 9p, on an NFS or SMB server, in a FUSE daemon's
/// backing store — changes them without this kernel's writes, and inotify sees nothing
/// (docs/install.md, "From a Mac", has each runtime's record).
public struct WatchChoice: Sendable, Equatable {
    /// Whether inotify runs (every mode but a `--watch poll` whose inotify could not start).
    public var inotify: Bool
    /// Whether the file is looked at every ``interval`` seconds.
    public var polls: Bool
    public var reason: String
    /// What the log warns of: `--watch inotify` on a file system whose saves it may not see.
    public var warning: String?

    /// How often a polled file is looked at: a save is seen within this (docs/install.md).
    public static let interval = 0.1

    public init(inotify: Bool, polls: Bool, reason: String) {
        self.inotify = inotify
        self.polls = polls
        self.reason = reason
    }

    /// What `get_state` says.
    public var info: WatchInfo {
        polls
            ? WatchInfo(mode: "poll", reason: reason, intervalMilliseconds: Int((Self.interval * 1000).rounded()))
            : WatchInfo(mode: "inotify", reason: reason)
    }

    /// The choice for `request`, given where the file and its watched directories live.
    /// The first of them that inotify cannot fully see decides `auto`.
    public static func decide(_ request: WatchRequest, facts: [FileSystemFacts]) -> WatchChoice {
        let shared = facts.lazy.compactMap { fact in
            sharedKind(type: fact.type, mountType: fact.mountType).map { (fact, $0) }
        }.first
        switch request {
        case .poll:
            return WatchChoice(inotify: true, polls: true, reason: "--watch poll")
        case .inotify:
            let warning = shared.map { "\(describe($0.0, kind: $0.1)): saves made elsewhere will not be seen" }
            var choice = WatchChoice(
                inotify: true, polls: false, reason: "--watch inotify" + (warning.map { "; " + $0 } ?? ""))
            choice.warning = warning.map { "--watch inotify on a \($0) (--watch auto would poll it)" }
            return choice
        case .auto:
            guard let (fact, kind) = shared else {
                let name = facts.first.map { describe($0, kind: $0.mountType ?? hex($0.type)) } ?? "the file"
                return WatchChoice(inotify: true, polls: false, reason: "\(name): inotify sees every save")
            }
            return WatchChoice(
                inotify: true, polls: true,
                reason:
                    "\(describe(fact, kind: kind)): inotify does not see writes made through other mounts or machines")
        }
    }

    /// What kind of shared file system `type` (or, failing that, the mount's type) is, if
    /// its files can change without this kernel writing them; nil for a local one.
    public static func sharedKind(type: UInt64, mountType: String?) -> String? {
        // A FUSE mount's type says which daemon serves it: virtiofs, fuse.sshfs, fuse.bindfs…
        if let mountType, let kind = sharedMountTypes.first(where: { mountType == $0 || mountType.hasPrefix($0 + ".") })
        {
            return kind == "fuse" || kind == "fuseblk" ? mountType : kind
        }
        return sharedTypes[type]
    }

    /// `statfs` magic numbers (linux/magic.h and the file systems' own headers).
    static let sharedTypes: [UInt64: String] = [
        0x6573_5546: "fuse",  // FUSE_SUPER_MAGIC: also virtiofs, sshfs, bindfs, vmhgfs-fuse, gcsfuse
        0x0102_1997: "9p",  // V9FS_MAGIC: QEMU, WSL2, Lima's 9p mounts
        0x6969: "nfs",  // NFS_SUPER_MAGIC
        0x517B: "smb",  // SMB_SUPER_MAGIC
        0xFF53_4D42: "cifs",  // CIFS_SUPER_MAGIC
        0xFE53_4D42: "smb2",  // SMB2_SUPER_MAGIC
        0x00C3_6400: "ceph",  // CEPH_SUPER_MAGIC
        0x5346_414F: "afs",  // AFS_SUPER_MAGIC
        0x6B41_4653: "afs",  // AFS_FS_MAGIC (kAFS)
        0x7375_7245: "coda",  // CODA_SUPER_MAGIC
        0x0116_1970: "gfs2",  // GFS2_MAGIC: another node's writes
        0x7461_636F: "ocfs2",  // OCFS2_SUPER_MAGIC
        0x786F_4256: "vboxsf",  // VBOXSF_SUPER_MAGIC: VirtualBox shared folders
        0x2003_0528: "orangefs",  // ORANGEFS_DEVREQ_MAGIC
        0x0BD0_0BD0: "lustre",  // LL_SUPER_MAGIC
    ]

    /// Mount types that are shared whatever `statfs` says: Parallels' prl_fs has no magic
    /// number in the kernel's headers, and Docker Desktop shows a Mac folder in a container as
    /// `fakeowner`, its own layer over the VM's share.
    static let sharedMountTypes = [
        "fuse", "fuseblk", "virtiofs", "9p", "nfs", "nfs4", "cifs", "smb3", "smbfs", "ceph", "afs", "coda",
        "gfs2", "ocfs2", "vboxsf", "prl_fs", "orangefs", "lustre", "glusterfs", "fakeowner",
    ]

    static func describe(_ fact: FileSystemFacts, kind: String) -> String {
        var words = "\(kind) file system"
        if let source = fact.source, kind.hasPrefix("fuse"), source.hasPrefix("/") { words += " (from \(source))" }
        return words + " at \(fact.mountPoint ?? fact.path)"
    }

    static func hex(_ type: UInt64) -> String {
        "type 0x" + String(type, radix: 16)
    }
}
