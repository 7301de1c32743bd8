#if canImport(Glibc)
    import Glibc
#endif

/// Writing a parameter file so that no edit is lost (docs/saving.md). The new content goes to
/// a temporary file in the same directory, is flushed to disk (`fsync`) and gets the old
/// file's mode and owner; then it changes places with the file in one step
/// (``exchange(_:_:expected:like:path:)``), and what came out is compared with what the daemon
/// loaded: if an editor's save got there first, the two change places again and the answer
/// is a conflict. A reader sees the old file or the new one, never half of one. A file with
/// several hard links is written in place under the same check instead
/// (``writeInPlace(_:_:expected:path:)``), so every name keeps it. A symlink is followed to
/// its real target (the link stays a link).
public enum SavedFile {
    /// Why a save did not happen.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// The file is not the content the daemon loaded.
            case conflict
            /// The file belongs to something else (a Kubernetes ConfigMap's `..data`).
            case managed
            /// The system refused: the file or its directory is read-only, the file is gone
            /// or is no longer a file, the disk is full, …: the user's to fix.
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
                throw errno == ENOENT ? gone(path) : Failure(.system, "cannot look at \(current): \(reason())")
            }
            if components(current).contains(where: isManagedName) { managed = true }
            guard (info.st_mode & S_IFMT) == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw Failure(.system, "cannot read the link \(current): \(reason())") }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if components(target).contains(where: isManagedName) { managed = true }
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        guard let resolved = realpath(current, nil) else {
            throw errno == ENOENT ? gone(path) : Failure(.system, "cannot resolve \(path): \(reason())")
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

    /// Replaces the file `path` names with `content`, unless what is there is not `expected`
    /// (the content the daemon loaded) at the moment of the replace: then nothing is written.
    ///
    /// - Returns: the file actually written (the symlink's real target), and the file it
    ///   replaced, kept open to notice a late write (``Replaced``; close it when done).
    /// - Throws: ``Failure`` (`conflict`, `managed`, `system`) saying what to do.
    public static func replace(_ path: String, with content: [UInt8], expected: [UInt8]?) throws(Failure) -> (
        path: String, replaced: Replaced?
    ) {
        let (real, managed) = try realTarget(of: path)
        if managed {
            throw Failure(
                .managed,
                "\(path) is managed elsewhere (it lives in a Kubernetes-style ..data directory, \(real)): change its source (the ConfigMap) instead; nothing was written"
            )
        }
        let info = try writableFile(real, named: path)
        if info.st_nlink > 1 {
            // Written in place: a late write reaches the same file, and the watch sees it.
            try writeInPlace(real, content, expected: expected, path: path)
            return (real, nil)
        }
        return (real, try exchange(real, content, expected: expected, like: info, path: path))
    }

    /// Whether the file `path` names still holds `expected`, when there is nothing to write.
    ///
    /// - Returns: the file's real path.
    /// - Throws: ``Failure`` `conflict` when it does not, `system` when it cannot be read.
    public static func check(_ path: String, holds expected: [UInt8]) throws(Failure) -> String {
        let real = try realTarget(of: path).path
        let fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw errno == ENOENT ? gone(path) : Failure(.system, "cannot read \(real): \(reason())")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, let kind = ParamsFile.notARegularFile(info.st_mode) {
            throw Failure(
                .system,
                "\(real) is now \(kind), not the parameter file the daemon loaded. Put the file back and save again")
        }
        guard holds(fd, expected) else { throw conflict(path) }
        return real
    }

    /// The status of `real`, refused unless it is a regular file that may be written.
    static func writableFile(_ real: String, named path: String) throws(Failure) -> stat {
        var info = stat()
        guard stat(real, &info) == 0 else {
            throw errno == ENOENT ? gone(path) : Failure(.system, "cannot look at \(real): \(reason())")
        }
        if let kind = ParamsFile.notARegularFile(info.st_mode) {
            throw Failure(
                .system,
                "\(real) is now \(kind), not the parameter file the daemon loaded; nothing was written. Put the file back and save again"
            )
        }
        let mode = "0" + String(info.st_mode & 0o777, radix: 8)
        // Root may write anything: a file without a write bit still says "leave me alone".
        let refused = faccessat(AT_FDCWD, real, W_OK, AT_EACCESS) != 0 ? errno : 0
        if info.st_mode & 0o222 == 0 || refused != 0 {
            if refused == EROFS {
                throw Failure(.system, "\(real) is on a read-only file system; nothing was written")
            }
            throw Failure(
                .system,
                "\(real) is read-only for this daemon (mode \(mode), owner \(info.st_uid):\(info.st_gid)): make it writable (chmod u+w) or save as its owner; nothing was written"
            )
        }
        return info
    }

    static func gone(_ path: String) -> Failure {
        Failure(
            .system,
            "\(path) is gone (deleted or moved away), so there is nothing to save into; nothing was written. Put the file back and save again"
        )
    }

    static func conflict(_ path: String) -> Failure {
        Failure(
            .conflict,
            "\(path) changed on disk since the daemon last loaded it; nothing was written. Fix the file (or let the daemon load it) and save again"
        )
    }

    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Whether the open file `fd` holds exactly `expected` (read from its start).
    static func holds(_ fd: CInt, _ expected: [UInt8]) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == expected.count else {
            return false
        }
        var bytes = [UInt8](repeating: 0, count: expected.count + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return count == expected.count && bytes[0..<count].elementsEqual(expected)
    }

    /// Writes all of `content` to `fd` at `offset`.
    static func writeAll(_ fd: CInt, _ content: [UInt8], at offset: Int = 0) -> Bool {
        var written = 0
        while written < content.count {
            let n = content.withUnsafeBytes {
                pwrite(fd, $0.baseAddress! + written, $0.count - written, off_t(offset + written))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }

    /// Makes the names in `directory` durable (a rename is a change of the directory).
    static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }
}
