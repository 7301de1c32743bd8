import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// Work put off to the event loop's next turn: it runs after the loop has read its sockets
/// again, never in the same run of tasks.
///
/// NIO runs every task that is due, and every task those add, before it reads a socket
/// again: work that re-schedules itself with `execute` would keep every other client
/// waiting. Here the work waits for a byte on a pipe the loop watches like any socket, so it
/// runs in the loop's next round of reads, beside every client that sent something: each
/// gets its turn. What a turn does is bounded by its callers (a client's requests per turn,
/// connections set up per turn).
final class Turns {
    private let eventLoop: any EventLoop
    private let kickEnd: CInt
    private var waiting: [() -> Void] = []
    private var kicked = false

    private init(eventLoop: any EventLoop, kickEnd: CInt) {
        self.eventLoop = eventLoop
        self.kickEnd = kickEnd
    }

    deinit {
        close(kickEnd)
    }

    /// A pipe whose read end the loop watches; call on `eventLoop`. Work put off before the
    /// loop watches the pipe waits for it.
    static func start(on eventLoop: any EventLoop, logger: Logger) throws -> Turns {
        var ends: [CInt] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw SocketSetupError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        let turns = Turns(eventLoop: eventLoop, kickEnd: ends[1])
        let bound = NIOLoopBound(turns, eventLoop: eventLoop)
        NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TurnReader(turns: bound))
                }
            }
            .takingOwnershipOfDescriptor(input: ends[0])
            .whenFailure { error in
                logger.critical("cannot watch the event loop's turn pipe: \(error); requests past a turn's share wait")
            }
        return turns
    }

    /// Runs `work` on the loop's next turn, after its next round of reads.
    func later(_ work: @escaping () -> Void) {
        eventLoop.assertInEventLoop()
        waiting.append(work)
        guard !kicked else { return }
        kicked = true
        var byte: UInt8 = 1
        // A full pipe (never, with one byte per turn) still wakes the loop.
        _ = write(kickEnd, &byte, 1)
    }

    /// This turn's work: what was put off before it. What that puts off waits for the next.
    fileprivate func run() {
        kicked = false
        let now = waiting
        waiting = []
        for work in now { work() }
    }
}

/// Reads the kicks and runs the turn.
private final class TurnReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let turns: NIOLoopBound<Turns>

    init(turns: NIOLoopBound<Turns>) {
        self.turns = turns
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelReadComplete(context: ChannelHandlerContext) {
        turns.value.run()
    }
}
