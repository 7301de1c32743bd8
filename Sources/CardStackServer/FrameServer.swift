import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// The socket side of the daemon, as a `Service`: binds the Unix socket (or adopts the one
/// systemd passed), accepts clients until a graceful shutdown, then stops accepting, says
/// `bye` to every client, flushes, closes, and removes the socket file it created.
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
        let bootstrap = ServerBootstrap(group: eventLoop)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            // Past the watermark frames are parked (newest wins) instead of piling up behind
            // a client that does not read; below it a keep-up client never flips writability.
            .childChannelOption(.writeBufferWaterMark, value: .init(low: 1, high: configuration.frameWatermark))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(hub: hub.value, daemonUID: daemonUID))
                }
            }

        let channel: any Channel
        var created: (path: String, identity: (dev: UInt, ino: UInt)?)? = nil
        let where_: String
        if let fd = inheritedSocket {
            channel = try await bootstrap.withBoundSocket(fd).get()
            where_ = "the socket systemd passed (fd \(fd))"
        } else {
            let path = configuration.socketPath
            try UnixSocketFile.prepare(path)
            // The umask is process-wide and the bind happens on the loop: hold it until bound.
            let old = umask(mode_t(0o777 & ~configuration.socketMode))
            defer { umask(old) }
            channel = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false).get()
            created = (path, UnixSocketFile.identity(path))
            where_ = path
        }
        logger.info("listening on \(where_)")
        onReady(where_)

        // Wait for SIGTERM/SIGINT (or the group ending), then shut down in order.
        try? await gracefulShutdown()
        logger.info("shutting down: saying bye to clients")
        try? await channel.close()
        let eventLoop = self.eventLoop
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
