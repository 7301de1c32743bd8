import CardStackParams

#if canImport(Glibc)
    import Glibc
#endif

/// Where a reload reads the parameter file: the disk (``DiskParamsFiles``), or a unit
/// test's stand-in.
public protocol ParamsFileReading: Sendable {
    /// The file's bytes.
    ///
    /// - Throws: ``ParamsError`` of kind `missing` when there is no file, `unreadable` when
    ///   it cannot be read, as ``ParamsFile/read(_:)`` does.
    func read(_ path: String) throws(ParamsError) -> [UInt8]
}

extension ParamsFileReading {
    /// One look at the file for ``ReloadRules``: its bytes, nothing, or why it cannot be read.
    public func look(_ path: String) -> FileRead {
        do {
            do {
                return .bytes(try read(path))
            } catch  where error.kind == .missing {
                // Once more: a path through a symlink that was swapped (a ConfigMap's `..data`)
                // can miss the old directory, removed the moment after, while it still resolves.
                return .bytes(try read(path))
            }
        } catch {
            return error.kind == .missing ? .missing : .failed(error)
        }
    }
}

/// The file system, through ``ParamsFile/read(_:)``.
public struct DiskParamsFiles: ParamsFileReading {
    public init() {}

    public func read(_ path: String) throws(ParamsError) -> [UInt8] {
        try ParamsFile.read(path)
    }
}

extension ParamsFile {
    /// Whether `a` and `b` hold the same bytes (`memcmp`, not an element-by-element loop).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count
            && a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
    }
}
