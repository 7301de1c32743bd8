import CardStackWire
import NIOCore

/// Splits the daemon's bytes into lines (without their `\n`), by the wire's one rule
/// (``LineFraming``).
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// A daemon line longer than this is an error (frames are a few kilobytes).
    static let framing = LineFraming(limit: 16 << 20)

    struct LineTooLong: Error {}

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        switch Self.framing.cut(buffer.readableBytesView, atEnd: false) {
        case .incomplete:
            return .needMoreData
        case .tooLong:
            throw LineTooLong()
        case .line(let content, let next):
            let line = buffer.getSlice(at: content.lowerBound, length: content.count) ?? ByteBuffer()
            buffer.moveReaderIndex(to: next)
            context.fireChannelRead(wrapInboundOut(line))
            return .continue
        }
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
