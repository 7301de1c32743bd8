#if canImport(Glibc)
    import Glibc
#endif

/// A file with several hard links is written in place, as editors do, so every name keeps
/// the new content (a rename would give the saved name a new file and leave the others
/// with the old one). The check reads the open file just before the write.
///
/// From the check to the end of the write the daemon holds a write lease on the file
/// (`F_SETLEASE`): another program's `open` of the file waits until the write is done (the
/// kernel would give the holder up to `/proc/sys/fs/lease-break-time`; the lease goes as soon
/// as the bytes are written), so an editor's save cannot land between the check and the
/// write and be overwritten. The lease is only granted while no other program has the file
/// open, to the file's owner (or root), on file systems that have leases: otherwise the
/// check and the write are a few system calls apart, as docs/saving.md says.
extension SavedFile {
    static func writeInPlace(_ real: String, _ content: [UInt8], expected: [UInt8]?, path: String) throws(Failure) {
        let fd = open(real, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw gone(path)
            case EROFS: throw Failure(.system, "\(real) is on a read-only file system; nothing was written")
            default:
                throw Failure(
                    .system, "cannot open \(real) to write it in place (\(reason(code))); nothing was written")
            }
        }
        defer { close(fd) }
        let leased = takeWriteLease(fd)
        defer { if leased { releaseLease(fd) } }
        if let expected, !holds(fd, expected) { throw conflict(path) }
        // Room first, so a full disk refuses before a byte of the file changes.
        let room = posix_fallocate(fd, 0, off_t(max(content.count, 1)))
        if room != 0, room != EOPNOTSUPP, room != EINVAL {
            throw Failure(.system, "no room to write \(real) (\(reason(room))); nothing was written")
        }
        guard writeAll(fd, content), ftruncate(fd, off_t(content.count)) == 0 else {
            throw Failure(
                .system,
                "writing \(real) in place failed (\(reason())); it may hold part of the new content: save again")
        }
        // The bytes are in the file: an editor waiting to open it may go on (and its write is
        // then the newest, which the watch loads), while this one waits for the disk.
        if leased { releaseLease(fd) }
        guard fsync(fd) == 0 else {
            throw Failure(.system, "cannot flush \(real) to disk (\(reason())); save again")
        }
    }

    /// `fcntl`'s lease commands (Linux's `F_SETLEASE`, `F_SETOWN`).
    private static let setLease: CInt = 1024
    private static let setOwner: CInt = 8

    /// Takes a write lease on `fd`; false when the kernel does not grant it (the file is
    /// open elsewhere, not ours, or its file system has no leases).
    static func takeWriteLease(_ fd: CInt) -> Bool {
        guard fcntl(fd, setLease, CInt(F_WRLCK)) == 0 else { return false }
        // Nobody is signalled when an opener breaks the lease: the daemon has nothing to do
        // but finish, and a signal would interrupt whichever of its threads took it.
        _ = fcntl(fd, setOwner, CInt(0))
        return true
    }

    /// Gives the lease back (again is harmless).
    static func releaseLease(_ fd: CInt) {
        _ = fcntl(fd, setLease, CInt(F_UNLCK))
    }
}
