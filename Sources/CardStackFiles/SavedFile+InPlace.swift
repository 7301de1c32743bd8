#if canImport(Glibc)
    import Glibc
#endif

/// A file with several hard links is written in place, as editors do, so every name keeps
/// the new content (a rename would give the saved name a new file and leave the others
/// with the old one). The check reads the open file just before the write.
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
        guard fsync(fd) == 0 else {
            throw Failure(.system, "cannot flush \(real) to disk (\(reason())); save again")
        }
    }
}
