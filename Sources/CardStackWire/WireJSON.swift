/// JSON for the wire: compact, one object per line, never NaN, keys in declaration order.
/// Writing uses ``WireEncoder``; reading typed messages (`WireJSON.decode`, CardStackClient)
/// and human-readable JSON (`PrettyJSON`, CardStackExport) use Foundation, so they live at
/// the edge, out of the modules the session may import.
public enum WireJSON {
    /// `value` as compact JSON bytes (no trailing newline).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try WireEncoder.encode(value)
    }

    /// ``encode(_:)`` reusing the tables of the parameter set written last (``ParamsWireCache``).
    public static func encode<T: Encodable>(_ value: T, reusing cache: inout ParamsWireCache) throws -> [UInt8] {
        try WireEncoder.encode(value, reusing: &cache)
    }
}
