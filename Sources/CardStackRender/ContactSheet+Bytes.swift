extension ContactSheet {
    /// A contact sheet rendered into memory, within the bridge's budget (`POST /render` of a
    /// grid, the page's Share): the same drawing as `cardstack render --vary`.
    public static func render(
        _ cells: [Cell], columns: Int, rate: Int, hold: Double, format: RenderFormat,
        timeLimit: Double = RenderBudget.bridgeTimeLimit
    ) throws(RenderError) -> [UInt8] {
        try RecordingRenderer.inMemory(named: "sheet", format: format, timeLimit: timeLimit) {
            options, path throws(RenderError) in
            _ = try render(cells, columns: columns, rate: rate, hold: hold, options: options, to: path)
        }
    }
}
