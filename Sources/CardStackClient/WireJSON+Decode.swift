import CardStackProtocol
import CardStackWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading the daemon's lines: Foundation's `JSONDecoder` over the `Codable` message model.
extension WireJSON {
    /// Reads `bytes` as a `T`. `requests` names the commands a client sent by request id,
    /// so that a ``ServerMessage`` reply to one decodes its result typed.
    public static func decode<T: Decodable>(
        _ type: T.Type, from bytes: some Collection<UInt8>, requests: [RequestID: Command] = [:]
    ) throws -> T {
        let decoder = JSONDecoder()
        if !requests.isEmpty { decoder.userInfo[.requests] = requests }
        return try decoder.decode(type, from: Data(bytes))
    }
}
