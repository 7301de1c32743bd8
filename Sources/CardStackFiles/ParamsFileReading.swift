import CardStackParams

/// Where ``ParamsReloader`` reads the parameter file: the disk (``DiskParamsFiles``), or a
/// unit test's stand-in.
public protocol ParamsFileReading: Sendable {
    /// The file's bytes.
    ///
    /// - Throws: ``ParamsError`` of kind `missing` when there is no file, `unreadable` when
    ///   it cannot be read, as ``ParamsFile/read(_:)`` does.
    func read(_ path: String) throws(ParamsError) -> [UInt8]
}

/// The file system, through ``ParamsFile/read(_:)``.
public struct DiskParamsFiles: ParamsFileReading {
    public init() {}

    public func read(_ path: String) throws(ParamsError) -> [UInt8] {
        try ParamsFile.read(path)
    }
}
