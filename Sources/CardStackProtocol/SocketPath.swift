#if canImport(Glibc)
    import Glibc
#endif

/// Where the daemon's socket is, resolved the same way by every executable (docs/protocol.md §1):
/// `--socket PATH`, else `$CARDSTACK_SOCKET`, else `$XDG_RUNTIME_DIR/cardstack/cardstackd.sock`,
/// else `/tmp/cardstack-$UID/cardstackd.sock`.
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
        return SocketPath(path: "/tmp/cardstack-\(getuid())/cardstackd.sock", origin: "the default for uid \(getuid())")
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
