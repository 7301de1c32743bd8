import CFileExchange

#if canImport(Glibc)
    import Glibc
#endif

/// The check and the replace in one step: the new file and the old change places
/// (`renameat2(RENAME_EXCHANGE)`), then what came out is compared with what the daemon
/// loaded. Whatever an editor did before the exchange is in what came out, so a difference
/// puts the old file back (a second exchange) and answers `conflict`.
extension SavedFile {
    /// A temporary file beside the file, holding the new content.
    struct Temporary {
        var path: String
        var device: UInt
        var inode: UInt
    }

    /// - Returns: the replaced file, kept open (see ``Replaced``), when there was a check.
    static func exchange(_ real: String, _ content: [UInt8], expected: [UInt8]?, like info: stat, path: String)
        throws(Failure) -> Replaced?
    {
        let temporary = try writeTemporary(content, beside: real, like: info)
        guard cardstack_rename_exchange(temporary.path, real) == 0 else {
            let code = errno
            if code == EINVAL || code == ENOSYS {
                // This file system cannot exchange names: check, then rename (docs/saving.md).
                try renameAfterCheck(temporary, over: real, expected: expected, path: path)
                return nil
            }
            unlink(temporary.path)
            if code == ENOENT { throw gone(path) }
            throw Failure(
                .system, "cannot put the new file in place of \(real) (\(reason(code))); \(real) is unchanged")
        }
        // `temporary.path` names what was the file until now.
        let old = open(temporary.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        var kept = false
        defer { if old >= 0, !kept { close(old) } }
        guard let expected else {
            removeIfSame(temporary.path, as: old)
            syncDirectory(directory(of: real))
            return nil
        }
        if old < 0 || !holds(old, expected) {
            try putBack(temporary, real: real)
            throw conflict(path)
        }
        syncDirectory(directory(of: real))
        // A write that reached the old file while the directory was flushed counts too.
        if !holds(old, expected) {
            try putBack(temporary, real: real)
            throw Failure(
                .conflict,
                "\(path) was written while save replaced it; its content is back in place and nothing was written. Let the daemon load it and save again"
            )
        }
        removeIfSame(temporary.path, as: old)
        kept = true
        return Replaced(path: real, descriptor: old, expected: expected, saved: content)
    }

    /// The new content in a fresh file in `real`'s directory, flushed, with `real`'s mode and owner.
    static func writeTemporary(_ content: [UInt8], beside real: String, like info: stat) throws(Failure) -> Temporary {
        let dir = directory(of: real)
        let base = String(real[real.index(after: real.lastIndex(of: "/") ?? real.startIndex)...])
        var template = Array("\(dir)/.\(base).cardstack-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let code = errno
            if code == EROFS { throw Failure(.system, "\(dir) is on a read-only file system; nothing was written") }
            throw Failure(
                .system,
                "cannot create a temporary file in \(dir) (\(reason(code))): saving needs write access to the file's directory; nothing was written"
            )
        }
        let path = String(cString: template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        func fail(_ what: String) -> Failure {
            let why = reason()
            close(fd)
            unlink(path)
            return Failure(.system, "\(what) (\(why)); \(real) is unchanged")
        }
        guard writeAll(fd, content) else { throw fail("cannot write \(path)") }
        guard fchmod(fd, info.st_mode & 0o7777) == 0 else { throw fail("cannot give \(path) the file's mode") }
        if info.st_uid != geteuid() || info.st_gid != getegid() {
            guard fchown(fd, info.st_uid, info.st_gid) == 0 else {
                throw fail("cannot give the new file \(real)'s owner \(info.st_uid):\(info.st_gid); save as that user")
            }
        }
        guard fsync(fd) == 0 else { throw fail("cannot flush \(path) to disk") }
        var written = stat()
        guard fstat(fd, &written) == 0 else { throw fail("cannot look at \(path)") }
        guard close(fd) == 0 else {
            unlink(path)
            throw Failure(.system, "cannot close \(path) (\(reason())); \(real) is unchanged")
        }
        return Temporary(path: path, device: UInt(written.st_dev), inode: UInt(written.st_ino))
    }

    /// After an exchange that found another's edit: the old file goes back to `real` and the
    /// new one away, unless someone renamed yet another file over `real` meanwhile (then
    /// that one stays, being newer still).
    static func putBack(_ temporary: Temporary, real: String) throws(Failure) {
        var now = stat()
        let oursThere =
            lstat(real, &now) == 0 && UInt(now.st_dev) == temporary.device && UInt(now.st_ino) == temporary.inode
        if oursThere {
            guard cardstack_rename_exchange(temporary.path, real) == 0 else {
                throw Failure(
                    .system,
                    "\(real) changed while saving, and putting it back failed (\(reason())): its content is in \(temporary.path); move it back by hand"
                )
            }
            var back = stat()
            // Only ever remove the file this save made.
            if lstat(temporary.path, &back) == 0, UInt(back.st_dev) == temporary.device,
                UInt(back.st_ino) == temporary.inode
            {
                unlink(temporary.path)
            }
        } else {
            // A newer file took `real`'s name: the older edit under the temporary name is superseded.
            unlink(temporary.path)
        }
        syncDirectory(directory(of: real))
    }

    /// Removes `path` if it still names the file open as `fd`.
    static func removeIfSame(_ path: String, as fd: CInt) {
        var open = stat()
        var named = stat()
        guard fd >= 0, fstat(fd, &open) == 0, lstat(path, &named) == 0, open.st_dev == named.st_dev,
            open.st_ino == named.st_ino
        else { return }
        unlink(path)
    }

    /// Where names cannot be exchanged: compare, then rename (a save racing an editor within
    /// that gap can still replace the editor's file; docs/saving.md).
    static func renameAfterCheck(_ temporary: Temporary, over real: String, expected: [UInt8]?, path: String)
        throws(Failure)
    {
        if let expected {
            let fd = open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            let same = fd >= 0 && holds(fd, expected)
            if fd >= 0 { close(fd) }
            guard same else {
                unlink(temporary.path)
                throw conflict(path)
            }
        }
        guard rename(temporary.path, real) == 0 else {
            let why = reason()
            unlink(temporary.path)
            throw Failure(.system, "cannot rename \(temporary.path) to \(real) (\(why)); \(real) is unchanged")
        }
        syncDirectory(directory(of: real))
    }
}
