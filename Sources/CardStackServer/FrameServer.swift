import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// The socket side of the daemon, as a `Service`: binds the Unix socket (or adopts the one
/// systemd passed), accepts clients (``Acceptor``) and serves each through a NIO channel
/// until a graceful shutdown, then stops accepting, says `bye` to every client, flushes,
/// closes, and removes the socket file it created.
struct FrameServer: Service {
    let hub: NIOLoopBound<Hub>
    let eventLoop: any EventLoop
    let configuration: ServerConfiguration
    /// A listening socket handed over by systemd (`LISTEN_FDS`), if any.
    let inheritedSocket: CInt?
    let logger: Logger
    let onReady: @Sendable (String) -> Void

    func run() async throws {
        let hub = self.hub
        let daemonUID = UInt32(getuid())
        let eventLoop = self.eventLoop
        let watermark = configuration.frameWatermark
        var created: (path: String, identity: (dev: UInt, ino: UInt)?)? = nil
        let listener: CInt
        let listening: String
        if let fd = inheritedSocket {
            listener = fd
            listening =
                UnixSocketFile.boundPath(fd).map { "\($0), the socket systemd passed (fd \(fd))" }
                ?? "the socket systemd passed (fd \(fd))"
        } else {
            let path = configuration.socketPath
            try UnixSocketFile.prepare(path)
            listener = try UnixSocketFile.listen(path, mode: configuration.socketMode, backlog: 256)
            created = (path, UnixSocketFile.identity(path))
            listening = path
        }
        let logger = self.logger
        try await eventLoop.submit { hub.value.turns = try Turns.start(on: eventLoop, logger: logger) }.get()
        @Sendable func setUp(_ fd: CInt, _ settled: @escaping @Sendable () -> Void) {
            ClientBootstrap(group: eventLoop)
                .channelOption(.allowRemoteHalfClosure, value: true)
                // Past the watermark frames are parked (newest wins) instead of piling up behind
                // a client that does not read; below it a keep-up client never flips writability.
                .channelOption(.writeBufferWaterMark, value: .init(low: 1, high: watermark))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try ClientHandler.addHandlers(
                            to: channel.pipeline.syncOperations, events: hub.value, daemonUID: daemonUID,
                            descriptor: fd, logger: logger)
                    }
                }
                .withConnectedSocket(fd)
                .always { _ in settled() }
                .whenFailure { logger.error("could not set up a client connection: \($0)") }
        }
        // Each connection is set up on the loop's next turn, after it has read the connected
        // clients again; the accept thread hands over at most ``Acceptor/maximumInFlight``
        // not yet set up, so a flood of connections takes a bounded share of each turn.
        let acceptor = try Acceptor(listener: listener, logger: logger) { fd, settled in
            eventLoop.execute { hub.value.later { setUp(fd, settled) } }
        }
        logger.info("listening on \(listening)")
        onReady(listening)

        // Wait for SIGTERM/SIGINT (or the group ending), then shut down in order.
        try? await gracefulShutdown()
        logger.info("shutting down: saying bye to clients")
        acceptor.stop()
        close(listener)
        try? await eventLoop.flatSubmit {
            hub.value.shutdown(reason: "the daemon is stopping")
        }.get()
        if let created, let identity = created.identity, let now = UnixSocketFile.identity(created.path),
            now == identity
        {
            unlink(created.path)
        }
    }
}
