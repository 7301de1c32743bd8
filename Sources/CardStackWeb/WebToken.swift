#if canImport(Glibc)
    import Glibc
#endif

/// The token the page's URL carries, kept for the user in `$XDG_RUNTIME_DIR/cardstack/web-token`
/// (mode 0600, in the user's 0700 directory) so a restarted `cardstack web` accepts the page
/// it served before, which then reconnects by itself. Without `$XDG_RUNTIME_DIR`, or when the
/// file is not the user's alone, each run makes a fresh token (the page then asks to be
/// reloaded with the new URL). `cardstack web --new-token` replaces the kept token, so a URL
/// once given out stops working (docs/live.md).
public enum WebToken {
    /// What ``load(environment:renew:fresh:)`` did with the kept token.
    public enum Outcome: Equatable, Sendable {
        /// The token kept from an earlier run.
        case kept
        /// A new token, now the kept one (none was kept, or `renew` replaced it).
        case made
        /// A new token for this run alone: no `$XDG_RUNTIME_DIR`, or its folder or file is
        /// not the user's alone.
        case unkept
    }

    /// The kept token, or a new one written there; `fresh` when none can be kept. With
    /// `renew`, a new token always, written over the kept one (renamed into place, so a
    /// concurrent run reads the old or the new token, never a part).
    public static func load(
        environment: [String: String], renew: Bool = false, fresh: () -> String
    ) -> (token: String, outcome: Outcome) {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return (fresh(), .unkept) }
        let dir = runtime + "/cardstack"
        if mkdir(dir, 0o700) != 0 && errno != EEXIST { return (fresh(), .unkept) }
        guard ownedPrivately(dir, directory: true) else { return (fresh(), .unkept) }
        let path = dir + "/web-token"
        if renew { return replace(path, with: fresh()) }
        if let kept = read(path) { return (kept, .kept) }
        let token = fresh()
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            // Another run wrote it first: use theirs.
            return read(path).map { ($0, .kept) } ?? (token, .unkept)
        }
        guard write(token, to: fd) else {
            unlink(path)
            return (token, .unkept)
        }
        return (token, .made)
    }

    /// `token` written to a private file beside `path`, then renamed over it.
    static func replace(_ path: String, with token: String) -> (token: String, outcome: Outcome) {
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return (token, .unkept) }
        guard write(token, to: fd), rename(temporary, path) == 0 else {
            unlink(temporary)
            return (token, .unkept)
        }
        return (token, .made)
    }

    /// Writes `token` to `fd` and closes it; whether every byte went.
    private static func write(_ token: String, to fd: Int32) -> Bool {
        let bytes = Array(token.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        return close(fd) == 0 && written == bytes.count
    }

    /// The token in `path` when the file is the user's, 0600 and holds a plain hex token.
    static func read(_ path: String) -> String? {
        guard ownedPrivately(path, directory: false) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n >= 32, n < 128 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self)
        guard text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return text
    }

    /// Whether `path` is a file (or directory) of this user that group and others cannot use.
    static func ownedPrivately(_ path: String, directory: Bool) -> Bool {
        var s = stat()
        guard lstat(path, &s) == 0, s.st_uid == getuid() else { return false }
        let type = s.st_mode & S_IFMT
        guard type == (directory ? S_IFDIR : S_IFREG) else { return false }
        return s.st_mode & 0o077 == 0
    }
}
