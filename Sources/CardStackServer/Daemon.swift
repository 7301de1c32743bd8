import CardStackFiles
import CardStackParams
import CardStackProtocol
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What `cardstackd` was asked to do.
public struct DaemonOptions: Sendable {
    public var configPath: String
    public var server: ServerConfiguration
    public var environment: [String: String]
    /// `--watch`: whether to poll the file besides inotify.
    public var watch: WatchRequest

    public init(
        configPath: String, server: ServerConfiguration, environment: [String: String], watch: WatchRequest = .auto
    ) {
        self.configPath = configPath
        self.server = server
        self.environment = environment
        self.watch = watch
    }
}

/// A reason the daemon cannot start, worded for the person who started it.
public struct DaemonError: Error, CustomStringConvertible {
    public var description: String
}

/// Assembles the daemon: the first load of the parameter file, the hub on its event loop,
/// the reload service and the socket server in one `ServiceGroup`, and systemd's
/// notifications. SIGTERM and SIGINT shut it down gracefully; SIGHUP reloads.
public enum Daemon {
    /// Sets up the process before anything else runs (call it first thing in `main`, before
    /// any thread or task exists), so that an idle daemon has no timer at all.
    ///
    /// - SIGHUP is blocked in every thread; one thread of ours waits for it (``ParamsService``),
    ///   so a SIGHUP that comes early is held, never fatal.
    /// - Swift Concurrency runs on a SwiftNIO event loop instead of libdispatch's global
    ///   queues: on Linux the first job on those starts a pool monitor that wakes the
    ///   process every second, forever.
    public static func prepareProcess() {
        // Before anything opens a descriptor that could take the number: is systemd's there?
        inheritedDescriptorOpen.store(fcntl(3, F_GETFD) != -1, ordering: .relaxed)
        var hangup = ParamsService.hangupSignals
        pthread_sigmask(SIG_BLOCK, &hangup, nil)
        NIOSingletons.groupLoopCountSuggestion = 1
        NIOSingletons.blockingPoolThreadCountSuggestion = 1
        concurrencyOnNIO.store(
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor(), ordering: .relaxed)
    }

    /// Whether fd 3 (`LISTEN_FDS`' first) was open when the process started.
    static let inheritedDescriptorOpen = Atomic(false)

    /// Whether ``prepareProcess()`` moved Swift Concurrency off libdispatch.
    static let concurrencyOnNIO = Atomic(false)

    public static func run(_ options: DaemonOptions, logger: Logger) async throws {
        if !concurrencyOnNIO.load(ordering: .relaxed) {
            logger.notice("Swift Concurrency stays on libdispatch, whose pool monitor wakes the daemon once a second")
        }
        let path = options.configPath
        let (initial, rules) = ReloadRules.start(with: DiskParamsFiles().look(path), path: path)
        switch initial {
        case .removed:
            throw DaemonError(
                description:
                    "no parameter file at \(path); create one (cp Config/cardstack.toml \(path)) or pass --config FILE")
        case .failed(let error):
            logger.error("\(error.description); starting on the defaults until the file is fixed")
        case .loaded(_, let resolved):
            for warning in resolved.warnings { logger.warning("\(path): \(warning)") }
        case .unchanged:
            break
        }

        let choice = WatchChoice.decide(options.watch, facts: FileSystemFacts.probe(parameterFile: path))
        if let warning = choice.warning { logger.warning("\(warning)") }

        let notifier = SystemdNotifier(environment: options.environment)
        let inherited = try inheritedSocket(options.environment, logger: logger)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let loadedBytes = rules.loadedBytes
        let hub = try await loop.submit {
            let hub = Hub(
                eventLoop: loop, configuration: options.server, logger: logger, path: path, initial: initial,
                loadedBytes: loadedBytes, presets: PresetLibrary.standard(environment: options.environment),
                watch: choice.info)
            hub.onStatusChange = { hub in notifier.send("STATUS=\(status(hub))") }
            return NIOLoopBound(hub, eventLoop: loop)
        }.get()
        if let interval = SystemdNotifier.watchdogInterval(environment: options.environment) {
            // The keep-alive comes from the loop that serves clients: if it hangs, systemd knows.
            loop.scheduleRepeatedTask(initialDelay: .zero, delay: .microseconds(Int64(interval))) { _ in
                notifier.send("WATCHDOG=1")
            }
        }

        let reload = ParamsService.Reload(
            path: path, rules: rules, on: loop,
            deliver: { update, forced, bytes in
                let reloading: Bool = if case .loaded = update { true } else { false }
                if reloading {
                    notifier.send("RELOADING=1\nMONOTONIC_USEC=\(SystemdNotifier.monotonicMicroseconds())")
                }
                hub.value.apply(update, bytes: bytes)
                if reloading || forced { notifier.send("READY=1\nSTATUS=\(status(hub.value))") }
            })
        let params = ParamsService(path: path, reload: reload, choice: choice, logger: logger)
        let server = FrameServer(
            hub: hub, eventLoop: loop, configuration: options.server, inheritedSocket: inherited, logger: logger,
            onReady: { _ in
                loop.execute { notifier.send("READY=1\nSTATUS=\(status(hub.value))") }
            })
        let services = ServiceGroup(
            services: [params, server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        do {
            try await services.run()
        } catch {
            notifier.send("STOPPING=1")
            try? await group.shutdownGracefully()
            throw error
        }
        notifier.send("STOPPING=1")
        try? await group.shutdownGracefully()
        logger.info("stopped")
    }

    /// One line for `systemctl status`.
    static func status(_ hub: Hub) -> String {
        var parts = ["revision \(hub.revision)", "\(hub.clientCount) client\(hub.clientCount == 1 ? "" : "s")"]
        if let error = hub.configError {
            let place = [error.path, error.line.map { "line \($0)" }, error.column.map { "column \($0)" }]
                .compactMap { $0 }.joined(separator: ", ")
            parts.append("config error: \(place): \(error.message)")
        }
        return parts.joined(separator: " · ")
    }

    /// The listening socket systemd passed (`LISTEN_PID`/`LISTEN_FDS`), made close-on-exec,
    /// with the variables removed so children don't inherit them.
    ///
    /// - Throws: ``DaemonError`` when fd 3 is not a listening Unix stream socket.
    static func inheritedSocket(_ environment: [String: String], logger: Logger) throws(DaemonError) -> CInt? {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1
        else { return nil }
        if count > 1 { logger.warning("systemd passed \(count) sockets; using the first (fd 3)") }
        let fd: CInt = 3
        if let problem = listeningSocketProblem(fd) { throw DaemonError(description: problem) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        return fd
    }
}
