import CardStackParams

#if canImport(Glibc)
    import Glibc
#endif

/// What the daemon checks about `--config` before it starts, and where it points people who
/// have no parameter file yet.
enum ConfigFileCheck {
    /// Why `path` cannot be the parameter file at start, or nil when it can (a regular file,
    /// valid or not: an invalid one starts the daemon on the defaults, to be fixed live).
    static func problem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return "no parameter file at \(path). \(copyHint(to: path))"
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            return
                "\(path) is a directory; --config names the parameter file itself (e.g. \(path.hasSuffix("/") ? path : path + "/")cardstack.toml)"
        }
        return nil
    }

    /// "Start from the default file: cp SOURCE TARGET", naming a default that exists.
    static func copyHint(to target: String) -> String {
        guard let source = installedDefault() else {
            return "Create it (every key is optional; an empty file means the defaults), or pass --config FILE"
        }
        let folder = directory(of: target)
        var info = stat()
        let mkdir = stat(folder, &info) == 0 ? "" : "mkdir -p \(folder) && "
        return "Start from the default: \(mkdir)cp \(source) \(target); or pass --config FILE"
    }

    /// The pristine default parameter file `make install` lays out: `PREFIX/share/cardstack/
    /// cardstack.toml` next to this binary's `PREFIX/bin`, else `/etc/cardstack/cardstack.toml`,
    /// else, in a build tree, the repository's `Config/cardstack.toml`.
    static func installedDefault() -> String? {
        let binary = executablePath()
        let bin = directory(of: binary)
        var candidates = ["\(directory(of: bin))/share/cardstack/cardstack.toml", "/etc/cardstack/cardstack.toml"]
        // .build/debug/cardstackd (a symlink to .build/<triple>/debug) in a checkout.
        let marker = Array("/.build/".utf8)
        let bytes = Array(binary.utf8)
        if let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) {
            candidates.append(String(decoding: bytes[..<start], as: UTF8.self) + "/Config/cardstack.toml")
        }
        return candidates.first { path in
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments.first ?? "cardstackd" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
