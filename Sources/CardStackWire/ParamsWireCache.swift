import CardLayout

/// A parameter set's tables as the wire last wrote them (`{"layout":{…}}` each), kept by
/// the one writer of a daemon's messages (the hub) and handed to
/// ``WireEncoder/encode(_:reusing:)``: a `params` reply or event copies the bytes of every
/// table whose values are those of the set written last, and writes only the others. Which
/// tables are the same is `Parameters`' own tables' equality
/// (CardStackParams' `ParamsSchema.sameTable`), so the bytes are always those a whole write
/// gives (`ParametersEncodingTests`).
public struct ParamsWireCache: Sendable {
    /// The set the tables were written from (nil: nothing kept yet).
    var parameters: Parameters?
    /// Each table's bytes, in ``CardStackParams/ParamsSchema/tableNames``' order.
    var tables: [[UInt8]]

    public init() {
        parameters = nil
        tables = []
    }

    init(parameters: Parameters, tables: [[UInt8]]) {
        self.parameters = parameters
        self.tables = tables
    }
}
