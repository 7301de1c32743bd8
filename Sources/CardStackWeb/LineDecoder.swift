import NIOCore

/// Splits the daemon's bytes into lines (without their `\n`).
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// A daemon line longer than this is an error (frames are a few kilobytes).
    static let maximumLineBytes = 16 << 20

    struct LineTooLong: Error {}

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumLineBytes { throw LineTooLong() }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        let line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
