#if canImport(Glibc)
    import Glibc
#endif

/// Writing a parameter file the way an editor that cares does: the new content goes to a
/// temporary file in the same directory, is flushed to disk (`fsync`), gets the old file's
/// mode and owner, and is renamed over it, so a reader sees the old file or the new one,
/// never half of one. A symlink is followed to its real target (the link stays a link).
public enum SavedFile {
    /// Why a save did not happen.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// The file is not the content the daemon loaded.
            case conflict
            /// The file belongs to something else (a Kubernetes ConfigMap's `..data`).
            case managed
            /// The system refused (permissions, disk full, …).
            case system
        }

        public var kind: Kind
        public var description: String

        public init(_ kind: Kind, _ description: String) {
            self.kind = kind
            self.description = description
        }
    }

    /// The file `path` finally names, following every symlink, and whether the way there
    /// passes through a Kubernetes-style `..data` link or a `..<timestamp>` directory (a
    /// ConfigMap or Secret volume, whose content is replaced from outside).
    public static func realTarget(of path: String) throws(Failure) -> (path: String, managed: Bool) {
        var managed = false
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                throw Failure(.system, "cannot look at \(current): \(String(cString: strerror(errno)))")
            }
            if components(current).contains(where: isManagedName) { managed = true }
            guard (info.st_mode & S_IFMT) == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw Failure(.system, "cannot read the link \(current): \(String(cString: strerror(errno)))") }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if components(target).contains(where: isManagedName) { managed = true }
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        guard let resolved = realpath(current, nil) else {
            throw Failure(.system, "cannot resolve \(path): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        if components(real).contains(where: isManagedName) { managed = true }
        return (real, managed)
    }

    static func components(_ path: String) -> [Substring] { path.split(separator: "/") }

    /// `..data`, `..2024_01_01_00_00_00.123`: names Kubernetes' atomic writer uses.
    static func isManagedName(_ name: Substring) -> Bool {
        name.hasPrefix("..") && name.count > 2
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Replaces the file `path` names with `content`, unless what is there now is not
    /// `expected` (the content the daemon loaded): then nothing is written.
    ///
    /// - Returns: the file actually written (the symlink's real target).
    /// - Throws: ``Failure`` (`conflict`, `managed`, `system`) saying what to do.
    @discardableResult
    public static func replace(_ path: String, with content: [UInt8], expected: [UInt8]?) throws(Failure) -> String {
        let (real, managed) = try realTarget(of: path)
        if managed {
            throw Failure(
                .managed,
                "\(path) is managed elsewhere (it lives in a Kubernetes-style ..data directory, \(real)): change its source (the ConfigMap) instead; nothing was written")
        }
        let now: [UInt8]
        do {
            now = try ParamsFile.read(real)
        } catch {
            throw Failure(.system, "cannot read \(real) before saving: \(error.message)")
        }
        if let expected, now != expected {
            throw Failure(
                .conflict,
                "\(path) changed on disk since the daemon last loaded it; nothing was written. Fix the file (or let the daemon load it) and save again")
        }
        var info = stat()
        guard stat(real, &info) == 0 else { throw Failure(.system, "cannot stat \(real): \(String(cString: strerror(errno)))") }
        let dir = directory(of: real)
        let base = String(real[real.index(after: real.lastIndex(of: "/") ?? real.startIndex)...])
        var template = Array("\(dir)/.\(base).cardstack-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw Failure(
                .system,
                "cannot create a temporary file in \(dir) (\(String(cString: strerror(errno)))): saving needs write access to the file's directory")
        }
        let temporary = String(cString: template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        func fail(_ what: String) -> Failure {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            return Failure(.system, "\(what) (\(reason)); \(real) is unchanged")
        }
        var written = 0
        while written < content.count {
            let n = content.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("cannot write \(temporary)")
            }
            written += n
        }
        guard fchmod(fd, info.st_mode & 0o7777) == 0 else { throw fail("cannot give \(temporary) the file's mode") }
        if info.st_uid != geteuid() || info.st_gid != getegid() {
            guard fchown(fd, info.st_uid, info.st_gid) == 0 else {
                throw fail("cannot give the new file \(real)'s owner \(info.st_uid):\(info.st_gid); save as that user")
            }
        }
        guard fsync(fd) == 0 else { throw fail("cannot flush \(temporary) to disk") }
        guard close(fd) == 0 else {
            unlink(temporary)
            throw Failure(.system, "cannot close \(temporary) (\(String(cString: strerror(errno)))); \(real) is unchanged")
        }
        guard rename(temporary, real) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(.system, "cannot rename \(temporary) to \(real) (\(reason)); \(real) is unchanged")
        }
        // The rename itself is made durable by flushing the directory.
        let dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            _ = fsync(dirfd)
            close(dirfd)
        }
        return real
    }
}
