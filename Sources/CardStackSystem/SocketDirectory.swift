#if canImport(Glibc)
    import Glibc
#endif

/// Who may hold the directory a socket lives in (docs/protocol.md §1, "Who may stand in for
/// the daemon"). Whoever can write that directory can rename the socket away and listen in
/// its place, so the daemon and every client check it before they bind or connect:
///
/// - a directory of your own must be closed to group and others (mode 0700), as tmux
///   requires of its own directory: the per-user rule;
/// - a directory of root's may be read by others (the system service's `/run/cardstack`,
///   0755, where the socket file's own group and mode say who may connect) but written by
///   nobody else: the system rule;
/// - any other owner, or group or others allowed to write, is refused with a message that
///   names the directory and what to remove.
public enum SocketDirectory {
    /// Why the directory holding `socketPath` may not be trusted by `uid`, or nil when it
    /// may (or does not exist yet: the daemon creates it 0700, and a client then finds no
    /// daemon).
    public static func problem(forSocket socketPath: String, uid: UInt32 = UInt32(getuid())) -> String? {
        let dir = parent(of: socketPath)
        var info = stat()
        guard stat(dir, &info) == 0 else { return nil }
        let mode = UInt32(info.st_mode) & 0o7777
        let octal = "0" + String(mode, radix: 8)
        guard (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFDIR) else {
            return "the socket directory \(dir) is not a directory: remove it (rm \(dir)) or choose another --socket"
        }
        let owner = UInt32(info.st_uid)
        if owner == 0, mode & 0o022 == 0 { return nil }
        if owner == uid, uid != 0, mode & 0o077 == 0 { return nil }
        if owner != uid, owner != 0 {
            return "the socket directory \(dir) belongs to uid \(owner), not to you (uid \(uid)) or root: "
                + "another user could stand in for the daemon there. Remove it (as root: rm -r \(dir)), "
                + "or choose a directory of your own with --socket or $XDG_RUNTIME_DIR"
        }
        if owner == 0 {
            return "the socket directory \(dir) (root's, mode \(octal)) is writable by group or others, "
                + "who could stand in for the daemon there: choose a directory of your own with --socket "
                + "(for example \(SocketPath.fallbackDirectory(uid: uid))/NAME.sock), or `chmod go-w \(dir)`"
        }
        return "the socket directory \(dir) is open to group or others (mode \(octal)); it must be yours alone "
            + "(0700), or another user could stand in for the daemon: remove it (rm -r \(dir)) or "
            + "`chmod 700 \(dir)`, then start again"
    }

    /// The directory part of `path` ("." for a bare name).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
