#if canImport(Glibc)
    import Glibc
#endif

/// What ties a child to its parent and bounds its memory: the program is run through
/// util-linux's `setpriv --pdeathsig KILL` (the kernel kills it when the thread that
/// started it ends, which is when the program that waits for it ends, however it ends) and,
/// with a memory bound, `prlimit --as=BYTES` (RLIMIT_AS: an allocation past it fails, and
/// ffmpeg stops with "Cannot allocate memory"). `posix_spawn` cannot set either; both
/// tools are in util-linux, which every Debian system has.
extension ChildProcess {
    /// The largest address space an ffmpeg or ffprobe child may map: 1 GiB. Its libraries
    /// alone take about 300 MiB; a 4096 × 4096 picture at 16 bits a channel about 100 MiB
    /// more (docs/fit.md, "Bounds").
    public static let ffmpegMemory = 1 << 30
    /// The most pixels a picture ffmpeg or ffprobe decodes may have (`-max_pixels`):
    /// 4096 × 4096. A larger one is refused before it is decoded.
    public static let maximumPixels = 4096 * 4096

    /// `arguments` as the command line that runs them bounded: the program found on `PATH`
    /// (unless it holds a slash) behind `setpriv` and, with `memory`, `prlimit`.
    public static func bounded(_ arguments: [String], memory: Int?) throws(Failure) -> [String] {
        let name = arguments[0]
        guard let program = find(name) else {
            throw Failure(description: "cannot run \(name): not found", notFound: true)
        }
        guard let setpriv = find("setpriv"), let prlimit = find("prlimit") else {
            throw Failure(
                description:
                    "cannot run \(name) within its bounds: setpriv and prlimit are missing (install Debian's util-linux package)"
            )
        }
        var command = [setpriv, "--pdeathsig", "KILL", "--"]
        if let memory { command += [prlimit, "--as=\(within(memory))", "--"] }
        return command + [program] + arguments.dropFirst()
    }

    /// `memory`, or less when this process's own hard limit is lower (a `cardstack fit`
    /// the bridge bounded runs its ffmpeg): no process may raise its hard limit.
    static func within(_ memory: Int) -> Int {
        var current = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &current) == 0, current.rlim_max != rlim_t.max
        else { return memory }
        return min(memory, Int(clamping: current.rlim_max))
    }

    /// The executable `name` on `PATH` (or /usr/local/bin, /usr/bin and /bin when `PATH` is
    /// not set), or `name` itself when it holds a slash; nil when there is none.
    public static func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
