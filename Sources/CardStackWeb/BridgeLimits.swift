import CardStackProtocol

/// What one connection to `cardstack web` may make the bridge hold (docs/protocol.md §10).
///
/// The bridge stops reading a peer while the peer is owed data it has not taken (NIO's
/// writability, or ``pauseFrames`` messages); a peer that still gets more than
/// ``owedBytes`` or ``owedFrames`` queued (one read's worth of requests that each need an
/// answer) is disconnected. All of it is given back when the connection ends.
public enum BridgeLimits {
    /// Seconds a connection has to send a complete request (headers, and body if any) after
    /// it opens or after the previous response; then it is closed.
    public static let requestSeconds: Int64 = 5
    /// The kernel's receive and send buffers of one peer's socket (Linux doubles them): what
    /// a peer has sent is read, and parsed, even after it closes, so this bounds that work.
    static let receiveBufferBytes = 64 << 10
    static let sendBufferBytes = 128 << 10
    /// Messages owed to a peer at which the bridge stops reading from it.
    static let pauseFrames = 64
    /// Bytes owed to one peer past which it is disconnected.
    public static let owedBytes = 1 << 20
    /// Messages owed to one peer past which it is disconnected.
    static let owedFrames = 4096
    /// Request bytes held for a daemon that has not answered the connection yet.
    static let pendingBytes = 256 << 10
    /// Upload bodies (`POST /render`) held at once, from their first byte until their answer
    /// is sent: arriving, waiting for the render thread or rendering. One more gets 503. With
    /// ``RenderService/maximumBody`` (32 MiB) this bounds what uploads make the bridge hold.
    public static let bodiesHeld = 4
    /// The largest request body `POST /request` takes: the daemon's line limit.
    static let requestBodyBytes = WireProtocol.maximumRequestLineBytes

    /// A daemon line longer than this is an error (frames are a few kilobytes).
    static let daemonLineBytes = 16 << 20

    /// What one peer is owed: messages and bytes written and not yet on its socket.
    struct Owed {
        private(set) var frames = 0
        private(set) var bytes = 0

        /// Counts one more message of `size` bytes; false when it would pass the cap. The
        /// daemon's own lines are always taken (`always`): reading the daemon stops while the
        /// peer is behind, so they stay within one read of the daemon's socket.
        mutating func admit(_ size: Int, always: Bool = false) -> Bool {
            guard always || (frames < BridgeLimits.owedFrames && bytes + size <= BridgeLimits.owedBytes) else {
                return false
            }
            frames += 1
            bytes += size
            return true
        }

        /// One message of `size` bytes was written (or dropped with the connection).
        mutating func release(_ size: Int) {
            frames -= 1
            bytes -= size
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlongs, surrogates or values
    /// past U+10FFFF).
    static func isUTF8(_ bytes: some Sequence<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
