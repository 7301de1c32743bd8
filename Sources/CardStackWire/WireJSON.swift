/// JSON for the wire: compact, one object per line, never NaN, keys in declaration order.
/// Writing uses ``WireEncoder``; reading typed messages (`WireJSON.decode`, CardStackClient)
/// and human-readable JSON (`PrettyJSON`, CardStackExport) use Foundation, so they live at
/// the edge, out of the modules the session may import.
public enum WireJSON {
    /// `value` as compact JSON bytes (no trailing newline).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try WireEncoder.encode(value)
    }
}
