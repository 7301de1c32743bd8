#if canImport(Glibc)
    import Glibc
#endif

extension ContactSheet {
    /// A contact sheet rendered into memory, within the bridge's budget (`POST /render` of a
    /// grid, the page's Share): the same drawing as `cardstack render --vary`.
    public static func render(
        _ cells: [Cell], columns: Int, rate: Int, hold: Double, format: RenderFormat,
        timeLimit: Double = RenderBudget.bridgeTimeLimit
    ) throws(RenderError) -> [UInt8] {
        let scratch = ScratchDirectory.path
        var template = Array("\(scratch)/cardstack-sheet-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw RenderError("cannot make a directory in \(scratch): \(String(cString: strerror(errno)))")
        }
        let directory = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let path = "\(directory)/sheet.\(format.rawValue)"
        defer {
            unlink(path)
            rmdir(directory)
        }
        var options = RenderOptions(format: format)
        options.timeLimit = timeLimit
        options.maximumBytes = RenderBudget.bridgeMaximumBytes
        _ = try render(cells, columns: columns, rate: rate, hold: hold, options: options, to: path)
        return try RecordingRenderer.readFile(path)
    }
}
