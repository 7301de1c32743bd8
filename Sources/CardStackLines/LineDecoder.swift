import CardStackWire
import NIOCore

/// Splits a channel's bytes into lines (without their `\n`, or a `\r` before it) by the
/// wire's one rule (``LineFraming``), in the NIO pipeline: the daemon's clients' requests
/// and the bridge's daemon lines go through this one decoder, each with its own limit.
///
/// A line longer than the limit throws ``LineTooLong`` as soon as that is certain (the
/// handler after it answers and closes); at the end of the input, bytes after the last
/// `\n` make one more line.
public struct LineDecoder: ByteToMessageDecoder {
    public typealias InboundOut = ByteBuffer

    public let framing: LineFraming

    /// - Parameter limit: the longest line allowed, in bytes.
    public init(limit: Int) {
        self.framing = LineFraming(limit: limit)
    }

    /// A line was longer than `limit`: nothing more is decoded.
    public struct LineTooLong: Error, Equatable {
        public let limit: Int
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        try next(context: context, buffer: &buffer, atEnd: false)
    }

    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try next(context: context, buffer: &buffer, atEnd: seenEOF) == .continue {}
        return .needMoreData
    }

    private func next(context: ChannelHandlerContext, buffer: inout ByteBuffer, atEnd: Bool) throws -> DecodingState {
        switch framing.cut(buffer.readableBytesView, atEnd: atEnd) {
        case .incomplete:
            return .needMoreData
        case .tooLong:
            throw LineTooLong(limit: framing.limit)
        case .line(let content, let next):
            let line = buffer.getSlice(at: content.lowerBound, length: content.count) ?? ByteBuffer()
            buffer.moveReaderIndex(to: next)
            context.fireChannelRead(wrapInboundOut(line))
            return .continue
        }
    }
}
