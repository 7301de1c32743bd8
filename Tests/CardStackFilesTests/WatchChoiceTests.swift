import Testing

@testable import CardStackFiles

/// Which file systems make `--watch auto` poll (``WatchChoice/decide(_:facts:)``), what
/// `get_state` then says, and the mount table that names them.
@Suite struct WatchChoiceTests {
    static let ext4: UInt64 = 0xEF53
    static let tmpfs: UInt64 = 0x0102_1994
    static let fuse: UInt64 = 0x6573_5546

    @Test(
        arguments: [
            (fuse, "fuse", "fuse"), (fuse, "fuse.sshfs", "fuse.sshfs"), (fuse, "virtiofs", "virtiofs"),
            (0x0102_1997, "9p", "9p"), (0x6969, "nfs4", "nfs4"), (0xFF53_4D42, "cifs", "cifs"),
            (0xFE53_4D42, "smb3", "smb3"), (0x786F_4256, "vboxsf", "vboxsf"), (0x0, "prl_fs", "prl_fs"),
            (0x0, "fakeowner", "fakeowner"),
        ] as [(UInt64, String, String)])
    func aSharedFileSystemIsPolled(type: UInt64, mountType: String, kind: String) {
        #expect(WatchChoice.sharedKind(type: type, mountType: mountType) == kind)
        let facts = [FileSystemFacts(path: "/m/p.toml", type: type, mountType: mountType, mountPoint: "/m")]
        let choice = WatchChoice.decide(.auto, facts: facts)
        #expect(choice.polls && choice.inotify)
        #expect(choice.reason.hasPrefix("\(kind) file system at /m: inotify does not see"))
        #expect(choice.info.mode == "poll" && choice.info.intervalMilliseconds == 100)
    }

    @Test func theMagicNumberAloneIsEnough() {
        // No mount table (a container without /proc): statfs still tells.
        #expect(WatchChoice.sharedKind(type: 0x6969, mountType: nil) == "nfs")
        #expect(WatchChoice.sharedKind(type: Self.fuse, mountType: nil) == "fuse")
        #expect(WatchChoice.sharedKind(type: 0xFE53_4D42, mountType: nil) == "smb2")
        #expect(WatchChoice.sharedKind(type: Self.ext4, mountType: nil) == nil)
        #expect(WatchChoice.sharedKind(type: Self.ext4, mountType: "ext4") == nil)
        #expect(WatchChoice.sharedKind(type: Self.tmpfs, mountType: "tmpfs") == nil)
        // overlayfs (a container's root) is this kernel's own.
        #expect(WatchChoice.sharedKind(type: 0x794C_7630, mountType: "overlay") == nil)
    }

    @Test func aLocalFileSystemIsLeftToInotify() {
        let facts = [FileSystemFacts(path: "/home/a/p.toml", type: Self.ext4, mountType: "ext4", mountPoint: "/")]
        let choice = WatchChoice.decide(.auto, facts: facts)
        #expect(
            choice == WatchChoice(inotify: true, polls: false, reason: "ext4 file system at /: inotify sees every save")
        )
        #expect(choice.info == .init(mode: "inotify", reason: choice.reason, intervalMilliseconds: nil))
    }

    @Test func anyWatchedDirectoryOnAShareDecides() {
        // The file is local, but a symlink on its way lives on a share (or the other way round).
        let facts = [
            FileSystemFacts(path: "/etc/p.toml", type: Self.ext4, mountType: "ext4", mountPoint: "/"),
            FileSystemFacts(
                path: "/mnt/mac", type: Self.fuse, mountType: "fuse", mountPoint: "/mnt/mac", source: "/srv/backing"),
        ]
        let choice = WatchChoice.decide(.auto, facts: facts)
        #expect(choice.polls)
        #expect(
            choice.reason
                == "fuse file system (from /srv/backing) at /mnt/mac: inotify does not see writes made through other mounts or machines"
        )
    }

    @Test func theOptionOverrides() {
        let shared = [FileSystemFacts(path: "/m/p.toml", type: 0x0102_1997, mountType: "9p", mountPoint: "/m")]
        let local = [FileSystemFacts(path: "/p.toml", type: Self.ext4, mountType: "ext4", mountPoint: "/")]
        #expect(
            WatchChoice.decide(.poll, facts: local) == WatchChoice(inotify: true, polls: true, reason: "--watch poll"))
        let inotify = WatchChoice.decide(.inotify, facts: shared)
        #expect(!inotify.polls && inotify.inotify)
        #expect(inotify.reason == "--watch inotify; 9p file system at /m: saves made elsewhere will not be seen")
        #expect(
            inotify.warning
                == "--watch inotify on a 9p file system at /m: saves made elsewhere will not be seen (--watch auto would poll it)"
        )
        #expect(WatchChoice.decide(.auto, facts: shared).warning == nil)
        #expect(WatchChoice.decide(.inotify, facts: local).reason == "--watch inotify")
        #expect(WatchChoice.decide(.auto, facts: []).polls == false)
    }

    @Test func theMountTableNamesTheMountHoldingAPath() {
        let text = """
            22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
            42 22 0:39 / /tmp/b\\040x/m rw,nosuid - fuse /tmp/b\\040x/b rw,user_id=0
            43 22 0:40 / /mnt rw - virtiofs share rw
            44 43 0:41 / /mnt rw - 9p later rw
            bad line
            """
        let table = MountTable.parse(text)
        #expect(table.mounts.count == 4)
        #expect(
            table.mount(holding: "/tmp/b x/m/p.toml") == .init(point: "/tmp/b x/m", type: "fuse", source: "/tmp/b x/b"))
        #expect(table.mount(holding: "/tmp/b x/mm/p.toml")?.point == "/")
        // Two mounts on one point: the later one is what the path sees.
        #expect(table.mount(holding: "/mnt/p.toml")?.type == "9p")
        #expect(table.mount(holding: "/mnt")?.type == "9p")
        #expect(MountTable.parse("").mount(holding: "/x") == nil)
    }
}
