import CardStackLines
import CardStackProtocol
import CardStackSystem
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge's side of one connection to a daemon's socket, on a page connection's event
/// loop: what it hears is handed to its ``DaemonLinkOwner`` line by line (no `\n`).
protocol DaemonLinkOwner: AnyObject {
    func daemonConnected(_ channel: any Channel)
    /// The daemon cannot be reached or is not trusted; `message` says why, for the user.
    func daemonUnavailable(_ message: String)
    func daemonLine(_ line: ByteBuffer)
    func daemonReadComplete()
    func daemonClosed()
    func daemonWritabilityChanged()
}

enum DaemonLink {
    /// Connects to `path` on `loop` and reports to `owner` (kept until the connection ends).
    /// The same trust rules as every client (docs/protocol.md §1): a socket in a directory
    /// someone else may write, or a listener that is neither us nor root, gets nothing from
    /// the bridge, and nothing is read from it.
    static func connect(_ path: String, on loop: any EventLoop, owner: any DaemonLinkOwner) {
        let bound = NIOLoopBound(owner, eventLoop: loop)
        if let problem = SocketDirectory.problem(forSocket: path) {
            loop.execute { bound.value.daemonUnavailable(problem) }
            return
        }
        let side = NIOLoopBound(DaemonSide(owner: owner), eventLoop: loop)
        ClientBootstrap(group: loop)
            .channelOption(ChannelOptions.autoRead, value: false)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineDecoder(limit: BridgeLimits.daemonLineBytes)))
                    try channel.pipeline.syncOperations.addHandler(side.value)
                }
            }
            .connect(unixDomainSocketPath: path)
            .whenComplete { result in
                switch result {
                case .success(let channel): trust(channel, path: path, side: side)
                case .failure(let error): bound.value.daemonUnavailable("cannot connect to \(path): \(error)")
                }
            }
    }

    /// Hands `channel` to its owner once SO_PEERCRED says the daemon is ours or root's.
    private static func trust(_ channel: any Channel, path: String, side: NIOLoopBound<DaemonSide>) {
        func refuse(_ message: String) {
            channel.close(promise: nil)
            side.value.owner.daemonUnavailable(message)
        }
        guard let provider = channel as? any SocketOptionProvider else {
            return refuse("cannot tell who listens on \(path); nothing was sent")
        }
        let peer: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        peer.whenComplete { result in
            switch result {
            case .success(let peer):
                if let distrust = peer.distrust(path: path) { return refuse(distrust) }
                side.value.trusted = true
                channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
                side.value.owner.daemonConnected(channel)
            case .failure(let error):
                refuse("cannot tell who listens on \(path) (\(error)); nothing was sent")
            }
        }
    }
}

/// The daemon connection's end of a ``DaemonLink``.
private final class DaemonSide: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let owner: any DaemonLinkOwner
    /// Set once the peer is known to be ours: a refused connection was never the daemon, so
    /// its close is not reported (``DaemonLinkOwner/daemonUnavailable(_:)`` already said why).
    var trusted = false

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
        if trusted { owner.daemonClosed() }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        owner.daemonWritabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
