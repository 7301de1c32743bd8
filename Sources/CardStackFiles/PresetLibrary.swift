#if canImport(Glibc)
    import Glibc
#endif

/// Where presets are found: `$XDG_CONFIG_HOME/cardstack/presets` (or
/// `~/.config/cardstack/presets`), then the installed presets next to the binary
/// (`<prefix>/share/cardstack/presets` for `<prefix>/bin/cardstackd`), then `Config/presets`
/// of the source tree the binary was built in. A name in an earlier directory wins.
public struct PresetLibrary: Sendable, Equatable {
    public var directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The standard directories for this process.
    public static func standard(environment: [String: String], executable: String? = executablePath()) -> PresetLibrary
    {
        var dirs: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            dirs.append(xdg + "/cardstack/presets")
        } else if let home = environment["HOME"], !home.isEmpty {
            dirs.append(home + "/.config/cardstack/presets")
        }
        if let executable {
            let bin = SavedFile.directory(of: executable)
            dirs.append(SavedFile.directory(of: bin) + "/share/cardstack/presets")
            // A build in a source tree: .build/debug/, .build/<triple>/debug/.
            var dir = bin
            for _ in 0..<4 {
                dir = SavedFile.directory(of: dir)
                if ParamsFile.exists(dir + "/Package.swift"), ParamsFile.exists(dir + "/Config/presets") {
                    dirs.append(dir + "/Config/presets")
                    break
                }
            }
        }
        return PresetLibrary(directories: dirs)
    }

    /// This process's executable, symlinks resolved.
    public static func executablePath() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Every preset by name (sorted), each from the first directory that has it.
    public func list() -> [(name: String, path: String)] {
        var found: [String: String] = [:]
        for dir in directories {
            guard let handle = opendir(dir) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard name.hasSuffix(".toml"), !name.hasPrefix(".") else { continue }
                let stem = String(name.dropLast(5))
                if found[stem] == nil { found[stem] = dir + "/" + name }
            }
        }
        return found.sorted { $0.key < $1.key }.map { (name: $0.key, path: $0.value) }
    }

    /// The file of preset `name`, or nil when no directory has it.
    public func path(of name: String) -> String? {
        directories.lazy.map { $0 + "/" + name + ".toml" }.first(where: ParamsFile.exists)
    }
}
