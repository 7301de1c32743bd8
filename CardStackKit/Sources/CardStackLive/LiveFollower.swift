import CardLayout
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Follows a daemon through `cardstack web`: every parameter set it puts in force, whole, and
/// its offset and deck as they change, as ``updates``; commands go back with ``send(_:)``.
///
/// ```swift
/// // In a debug build, with CARDSTACK_LIVE_URL set in the scheme to the URL `cardstack web` printed:
/// let follower = try LiveFollower(url: URL(string: ProcessInfo.processInfo.environment["CARDSTACK_LIVE_URL"]!)!)
/// follower.start()
/// for await update in follower.updates {
///     if case let .changed(snapshot, _) = update { apply(snapshot.parameters, snapshot.offset) }
/// }
/// ```
///
/// Transport (docs/live.md): `GET /events` (Server-Sent Events) down, `POST /request` up,
/// both through URLSession, which speaks them on iOS and on Linux alike. A dropped or failed
/// connection is reported as ``LiveUpdate/error(_:)`` and retried with backoff (0.25 s
/// doubling to ``Options/maximumBackoff``), keeping the last good snapshot; a refusal (a
/// wrong token) is reported and ends the stream.
public final class LiveFollower: @unchecked Sendable {
    public struct Options: Sendable {
        /// With ``motion`` off, follow the offset of every frame the daemon computes (the old
        /// frame stream: the daemon's cadence plus the network's jitter; more traffic). With
        /// both off the offset follows each state change.
        public var frames = false
        /// Play each move here (``LiveMotion``): the move a frame event carries, computed by
        /// `CardLayout` at the display's own instants on the daemon's clock, estimated from
        /// ``LiveClock/roundTrips`` `get_state` round trips when the stream opens and one every
        /// ``clockInterval`` seconds. The frames of a move then publish nothing; ``frames`` keeps
        /// the old frame stream (every frame's offset) when this is off.
        public var motion = true
        /// Seconds between the clock's round trips after the first ones.
        public var clockInterval = 10.0
        /// The local clock round trips are timed with: the display link's timebase
        /// (`CACurrentMediaTime()` where QuartzCore exists, the system's uptime elsewhere).
        public var now: @Sendable () -> Double = LiveFollower.systemClock
        /// Try again after a failure (not after a refusal).
        public var reconnect = true
        /// The longest wait between attempts, in seconds.
        public var maximumBackoff = 5.0
        /// Seconds without a byte after which the stream counts as dropped (the bridge sends
        /// a keep-alive every 10 s).
        public var idleTimeout = 30.0

        /// The phone's Reduce Motion setting when the follower starts (``LiveSnapshot/reduceMotion``);
        /// ``LiveFollower/setReduceMotion(_:)`` follows its changes. `LiveCollectionViewLayout`
        /// and `LiveModel` pass `UIAccessibility.isReduceMotionEnabled` and its notification.
        public var reduceMotion = false

        public init(frames: Bool = false, reconnect: Bool = true, motion: Bool = true, reduceMotion: Bool = false) {
            self.frames = frames
            self.reconnect = reconnect
            self.motion = motion
            self.reduceMotion = reduceMotion
        }
    }

    /// Every update, in order; it finishes after ``stop()`` or a refusal.
    public let updates: AsyncStream<LiveUpdate>
    public let endpoints: LiveEndpoints
    public let options: Options

    private let continuation: AsyncStream<LiveUpdate>.Continuation
    private let lock = NSLock()
    private var tracker: LiveTracker
    private var parser = EventStreamParser()
    private var runner: Task<Void, Never>?
    private var connection: EventStreamConnection?
    private var stopped = false
    let sessionForRequests: URLSession

    /// A follower of the bridge at `url` (the URL `cardstack web` printed).
    public init(url: URL, options: Options = Options()) throws(LiveError) {
        // The moves come in frame events: a follower playing them asks for each one's first frame.
        endpoints = try LiveEndpoints(url, frames: options.frames, moves: options.motion)
        self.options = options
        tracker = LiveTracker(motion: options.motion, reduceMotion: options.reduceMotion)
        (updates, continuation) = AsyncStream.makeStream(of: LiveUpdate.self, bufferingPolicy: .unbounded)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        sessionForRequests = URLSession(configuration: configuration)
    }

    deinit {
        sessionForRequests.invalidateAndCancel()
    }

    /// The last snapshot heard (kept across reconnections), or nil before the first.
    public var snapshot: LiveSnapshot? {
        lock.withLock { tracker.snapshot }
    }

    /// Starts following (once).
    public func start() {
        lock.withLock {
            guard runner == nil, !stopped else { return }
            runner = Task { [self] in await self.run() }
        }
    }

    /// Stops following; ``updates`` finishes.
    public func stop() {
        let (connection, runner) = lock.withLock {
            stopped = true
            return (self.connection, self.runner)
        }
        connection?.cancel()
        runner?.cancel()
        continuation.finish()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func run() async {
        var backoff = 0.25
        while !isStopped {
            let connection = EventStreamConnection { [weak self] bytes in self?.received(bytes) }
            lock.withLock {
                self.connection = connection
                parser = EventStreamParser()
                tracker.streamStarted()
            }
            let clock = options.motion ? Task { [self] in await self.keepClock() } : nil
            let outcome = await connection.run(endpoints.events, idleTimeout: options.idleTimeout)
            clock?.cancel()
            guard !isStopped else { break }
            switch outcome {
            case .failed(.refused(let why)):
                continuation.yield(.error(.refused(why)))
                continuation.finish()
                return
            case .failed(let error):
                continuation.yield(.error(error))
            case .ended(let why, let received):
                if received { backoff = 0.25 }
                continuation.yield(.error(.dropped(why)))
            }
            guard options.reconnect else { break }
            try? await Task.sleep(nanoseconds: UInt64(backoff * 1e9))
            backoff = min(backoff * 2, options.maximumBackoff)
        }
        continuation.finish()
    }

    /// The phone's Reduce Motion setting changed: the snapshot lays out and plays the other
    /// variant from now on (an update with ``LiveChange/parameters``, once a snapshot exists).
    public func setReduceMotion(_ on: Bool) {
        track { $0.setReduceMotion(on) }
    }

    /// Updates from outside the stream (the clock's round trips), through the same tracker.
    func track(_ body: (inout LiveTracker) -> [LiveUpdate]) {
        let updates = lock.withLock { body(&tracker) }
        for update in updates { continuation.yield(update) }
    }

    /// Bytes of the event stream: each complete event's line goes through the tracker.
    private func received(_ bytes: Data) {
        let updates: [LiveUpdate] = lock.withLock {
            do {
                return try parser.take(bytes).flatMap { tracker.take($0) }
            } catch {
                connection?.cancel()
                return [.error(.dropped("\(error)"))]
            }
        }
        for update in updates { continuation.yield(update) }
    }
}
