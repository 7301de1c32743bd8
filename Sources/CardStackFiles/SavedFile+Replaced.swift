import CardStackParams

#if canImport(Glibc)
    import Glibc
#endif

/// The file a save replaced, kept open a while after the answer: a program that opened the
/// file before the save and writes to it after (its write goes to the replaced file, which
/// no name leads to any more) is noticed by ``lateEdit()`` instead of its write vanishing.
extension SavedFile {
    public struct Replaced: Sendable {
        /// The file that was saved (its real path).
        public let path: String
        let descriptor: CInt
        /// What the replaced file held: the content the daemon had loaded.
        let expected: [UInt8]
        /// What the save wrote in its place.
        public let saved: [UInt8]

        /// What was written to the replaced file since the save, or nil when nothing was.
        public func lateEdit() -> [UInt8]? {
            guard !SavedFile.holds(descriptor, expected) else { return nil }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_size >= 0, Int(info.st_size) <= ParamsDocument.maximumBytes
            else {
                return nil
            }
            var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
            var count = 0
            while count < bytes.count {
                let n = bytes.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(count))
                }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                count += n
            }
            return Array(bytes[0..<count])
        }

        /// Lets the replaced file go (the last reference to it).
        public func close() { _ = Glibc.close(descriptor) }
    }

    /// Puts `late` (an edit that reached the file `replaced` replaced, after the save) in
    /// place if the file still holds what the save wrote: it is the newest edit, and the
    /// watch loads it. Otherwise (the file changed again since) it is kept beside the file.
    ///
    /// - Returns: where the late edit now is.
    public static func recover(_ late: [UInt8], from replaced: Replaced) throws(Failure) -> String {
        do {
            let (written, again) = try replace(replaced.path, with: late, expected: replaced.saved)
            again?.close()
            return written
        } catch  where error.kind == .conflict {
            let copy = replaced.path + ".cardstack-late"
            let fd = open(copy, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw Failure(.system, "cannot keep it in \(copy) (\(reason()))") }
            defer { Glibc.close(fd) }
            guard writeAll(fd, late), fsync(fd) == 0 else {
                throw Failure(.system, "cannot write \(copy) (\(reason()))")
            }
            return copy
        }
    }
}
