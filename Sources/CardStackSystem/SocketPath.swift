#if canImport(Glibc)
    import Glibc
#endif

/// Where the daemon's socket is, resolved the same way by every executable (docs/protocol.md §1):
/// `--socket PATH`, else `$CARDSTACK_SOCKET`, else `$XDG_RUNTIME_DIR/cardstack/cardstackd.sock`,
/// else `/tmp/cardstack-$UID/cardstackd.sock`. A client (never the daemon) then falls back to
/// the system service's socket, ``systemPath``, when neither an option nor the variable chose
/// and no socket file is at the per-user path (``resolveForClient(option:environment:)``).
public struct SocketPath: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// Which rule chose it, for messages ("from $CARDSTACK_SOCKET").
    public var origin: String

    public static func resolve(option: String?, environment: [String: String]) -> SocketPath {
        if let option, !option.isEmpty { return SocketPath(path: option, origin: "from --socket") }
        if let env = environment["CARDSTACK_SOCKET"], !env.isEmpty {
            return SocketPath(path: env, origin: "from $CARDSTACK_SOCKET")
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return SocketPath(path: "\(runtime)/cardstack/cardstackd.sock", origin: "from $XDG_RUNTIME_DIR")
        }
        return SocketPath(path: "\(fallbackDirectory())/cardstackd.sock", origin: "the default for uid \(getuid())")
    }

    /// The system service's socket (systemd/cardstackd.socket): group `cardstack`, mode 0660.
    public static let systemPath = "/run/cardstack/cardstackd.sock"

    /// The per-user directory when `$XDG_RUNTIME_DIR` is unset.
    public static func fallbackDirectory(uid: UInt32 = UInt32(getuid())) -> String { "/tmp/cardstack-\(uid)" }

    /// The path a client connects to: ``resolve(option:environment:)``, or the system service's
    /// socket when that chose a per-user default with no socket file there and a socket is at
    /// ``systemPath``. Nothing is contacted: only the files are looked at.
    public static func resolveForClient(option: String?, environment: [String: String], systemPath: String = systemPath)
        -> SocketPath
    {
        let user = resolve(option: option, environment: environment)
        guard user.origin != "from --socket", user.origin != "from $CARDSTACK_SOCKET",
            !isSocket(user.path), isSocket(systemPath)
        else { return user }
        return SocketPath(
            path: systemPath, origin: "the system service's socket: no socket at \(user.path) (\(user.origin))")
    }

    /// ``resolveForClient(option:environment:systemPath:)`` with this process's environment.
    public static func resolveForClient(option: String?) -> SocketPath {
        resolveForClient(option: option, environment: currentEnvironment())
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Resolves with this process's environment.
    public static func resolve(option: String?) -> SocketPath {
        resolve(option: option, environment: currentEnvironment())
    }

    public var description: String { "\(path) (\(origin))" }
}

/// This process's environment as a dictionary.
public func currentEnvironment() -> [String: String] {
    var out: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
        let s = String(cString: entry)
        if let eq = s.firstIndex(of: "=") { out[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
        p += 1
    }
    return out
}
