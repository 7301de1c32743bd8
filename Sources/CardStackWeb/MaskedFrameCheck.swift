import NIOCore
import NIOWebSocket

/// Closes a WebSocket whose peer sends an unmasked frame, with 1002 (RFC 6455 §5.1: a server
/// must close such a connection). It sits before the frame aggregator, which drops the mask
/// when it joins fragments.
final class MaskedFrameCheck: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        guard unwrapInboundIn(data).maskKey == nil else {
            context.fireChannelRead(data)
            return
        }
        closing = true
        var reason = context.channel.allocator.buffer(capacity: 2)
        reason.write(webSocketErrorCode: .protocolError)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: reason)))
            .whenComplete { _ in channel.close(promise: nil) }
        // Nothing more is read from a peer that broke the protocol.
        context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
    }
}
