import NIOCore
import NIOPosix

/// The bridge's side of one connection to a daemon's socket, on a page connection's event
/// loop: what it hears is handed to its ``DaemonLinkOwner`` line by line (no `\n`).
protocol DaemonLinkOwner: AnyObject {
    func daemonConnected(_ channel: any Channel)
    func daemonUnavailable(_ error: any Error)
    func daemonLine(_ line: ByteBuffer)
    func daemonReadComplete()
    func daemonClosed()
    func daemonWritabilityChanged()
}

enum DaemonLink {
    /// Connects to `path` on `loop` and reports to `owner` (kept until the connection ends).
    static func connect(_ path: String, on loop: any EventLoop, owner: any DaemonLinkOwner) {
        let bound = NIOLoopBound(owner, eventLoop: loop)
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineDecoder()))
                    try channel.pipeline.syncOperations.addHandler(DaemonSide(owner: bound.value))
                }
            }
            .connect(unixDomainSocketPath: path)
            .whenComplete { result in
                switch result {
                case let .success(channel): bound.value.daemonConnected(channel)
                case let .failure(error): bound.value.daemonUnavailable(error)
                }
            }
    }
}

/// The daemon connection's end of a ``DaemonLink``.
private final class DaemonSide: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let owner: any DaemonLinkOwner

    init(owner: any DaemonLinkOwner) {
        self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.daemonLine(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        owner.daemonReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        owner.daemonClosed()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        owner.daemonWritabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
