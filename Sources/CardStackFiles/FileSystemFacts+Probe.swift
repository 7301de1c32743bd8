import CFileExchange

#if canImport(Glibc)
    import Glibc
#endif

extension FileSystemFacts {
    /// The file systems a parameter file depends on: the file's own (through its symlinks)
    /// and those of the directories its watch plan names, each once, the file's first.
    public static func probe(parameterFile path: String) -> [FileSystemFacts] {
        let table = MountTable.parse(readMountInfo())
        let plan = WatchPlan.resolve(path, workingDirectory: currentDirectory())
        var facts: [FileSystemFacts] = []
        for candidate in [path] + plan.directories.sorted() {
            guard let fact = probe(candidate, mounts: table),
                !facts.contains(where: { $0.type == fact.type && $0.mountPoint == fact.mountPoint })
            else { continue }
            facts.append(fact)
        }
        return facts
    }

    /// `statfs` of `path`, with the mount that holds it; nil when it cannot be looked at.
    static func probe(_ path: String, mounts: MountTable) -> FileSystemFacts? {
        let word = cardstack_file_system_type(path)
        guard word != 0 else { return nil }
        // f_type is a word; the magic numbers are 32 bits (sign-extended on some machines).
        let type = UInt64(word) & 0xFFFF_FFFF
        let resolved = realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let mount = resolved.flatMap { mounts.mount(holding: $0) }
        return FileSystemFacts(
            path: resolved ?? path, type: type, mountType: mount?.type, mountPoint: mount?.point, source: mount?.source)
    }

    static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func readMountInfo() -> String {
        let fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
