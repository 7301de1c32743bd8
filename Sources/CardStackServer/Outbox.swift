import NIOCore

/// One client's outgoing bytes as a plain value: frames offered, replies and events sent,
/// NIO's write completions and the socket's writability go in; what to do comes out as an
/// ``Action``. It touches no socket and no channel: the hub carries the actions out
/// (Hub+Outbox.swift), and the tests drive it by hand (OutboxTests).
///
/// The rules:
/// - Replies and events are never dropped, but a client that leaves more than
///   `maximumBacklogBytes` of them unread when another one is due is disconnected, with a
///   reason. What already waits decides, and the largest write waiting (one line, or a
///   batch holding it) does not count: one message larger than the limit goes, and so do
///   the ones after it, until the client is that far behind besides it.
/// - Frames are written only while little waits in front of them (NIO's buffer under its
///   watermark: ``writabilityChanged(_:)``); otherwise the newest frame is parked, replacing
///   any older parked one (the gap in `seq` tells the client). A client that never reads
///   costs a few kilobytes and no CPU, and never slows anyone else.
/// - While NIO holds nothing for this client, bytes are sent at once with one `send(2)`
///   (``Action/sendNow(_:)``): a frame's fan-out is one system call per subscriber. What the
///   socket does not take, and everything after it until NIO has written it all, goes
///   through NIO (``Action/handToNIO(_:)``), so the order is kept.
/// - During a batch (the client's own requests being handled) everything gathers and leaves
///   in one send at its end: a reply and the frame it causes travel together.
/// - Every frame that leaves (sent, handed to NIO, gathered into a batch) is counted once
///   here, where it leaves (``framesSent``): a parked frame replaced by a newer one never is.
struct Outbox {
    /// What the connection's edge does next.
    enum Action: Equatable {
        /// Nothing goes out now.
        case none
        /// Gathered into the batch; it leaves when the batch ends.
        case gathered
        /// The frame waits for room (the newest wins); nothing was sent.
        case parked
        /// One `send(2)` of the frame just offered, now; then ``frameSent(_:of:nextComing:)``.
        case sendFrameNow
        /// One `send(2)` of these bytes, now; then ``sent(_:of:)``.
        case sendNow(ByteBuffer)
        /// NIO writes these bytes after everything it holds; ``written()`` when it has.
        case handToNIO(ByteBuffer)
        /// Say `bye` with this reason and close the connection (``close(bye:)``).
        case disconnect(reason: String)
    }

    /// A batch larger than this goes out before more joins it, so the backlog rule applies.
    static let batchLimit = 64 * 1024

    let maximumBacklogBytes: Int
    /// Whether NIO's buffer is under its high watermark.
    private(set) var writable = true
    /// The newest frame that found no room.
    private(set) var parked: ByteBuffer?
    /// Bye was said or the peer went: nothing more is sent.
    private(set) var closing = false
    /// The sizes of the writes handed to NIO and not yet done, oldest first: while there
    /// are any, every write joins them.
    private(set) var handed = CircularBuffer<Int>()
    /// Writes handed to NIO and not yet done.
    var inNIO: Int { handed.count }
    /// Whether a batch is open, and what it gathered.
    private(set) var batching = false
    private(set) var batch = ByteBuffer()
    /// The bytes gathered since the batch began, those already sent included.
    private(set) var batchBytes = 0
    /// The frames this client was sent (`frames_sent` is the sum over every client).
    private(set) var framesSent = 0

    init(maximumBacklogBytes: Int) {
        self.maximumBacklogBytes = maximumBacklogBytes
    }

    // MARK: Frames

    /// Offers the newest frame: sent now if nothing waits in front of it, else parked.
    ///
    /// - Parameter nextComing: another frame follows within a tick. A socket that takes
    ///   none of this one then just parks it (no NIO write, no `EPOLLOUT`), as a plain writer
    ///   skips a frame for a client that is behind; otherwise NIO takes it.
    /// - Returns: every action but `.none` and `.parked` delivers it (and counts it in
    ///   ``framesSent``); `.sendFrameNow` decides in ``frameSent(_:of:nextComing:)``.
    @inline(__always)
    mutating func offerFrame(_ frame: ByteBuffer, nextComing: Bool) -> Action {
        guard !closing else { return .none }
        if batching {
            parked = nil
            framesSent += 1
            return gather(frame)
        }
        if inNIO == 0 { return .sendFrameNow }
        guard writable else {
            parked = frame
            return .parked
        }
        parked = nil
        framesSent += 1
        return handToNIO(frame)
    }

    /// A direct send of `frame` took `count` bytes.
    @inline(__always)
    mutating func frameSent(_ count: Int, of frame: ByteBuffer, nextComing: Bool) -> Action {
        if count == 0, nextComing {
            parked = frame
            return .parked
        }
        parked = nil
        framesSent += 1
        return sent(count, of: frame)
    }

    /// Ticks stopped: a parked frame goes to NIO, which writes it when there is room.
    mutating func releaseParked() -> Action {
        guard inNIO == 0, !closing, let frame = parked else { return .none }
        parked = nil
        framesSent += 1
        return handToNIO(frame)
    }

    // MARK: Replies and events

    /// Bytes that must not be dropped: a reply, an event, `hello`.
    ///
    /// - Parameter backlog: what NIO still holds for this client, in bytes (0 when
    ///   ``inNIO`` is 0).
    mutating func send(_ bytes: ByteBuffer, backlog: Int) -> Action {
        guard !closing else { return .none }
        if backlog > maximumBacklogBytes, backlog - largestWaiting(backlog: backlog) > maximumBacklogBytes {
            return .disconnect(reason: "too far behind: \(backlog) bytes of replies and events were left unread")
        }
        if batching { return gather(bytes) }
        return write(bytes)
    }

    /// The client's requests are being handled: gather what it is sent.
    mutating func beginBatch() {
        batching = true
        batchBytes = 0
    }

    /// The batch is done: what it gathered goes out.
    mutating func endBatch() -> Action {
        batching = false
        return flushBatch()
    }

    // MARK: The socket and NIO

    /// A direct send of `bytes` took `count` of them: the rest goes to NIO.
    @inline(__always)
    mutating func sent(_ count: Int, of bytes: ByteBuffer) -> Action {
        guard count < bytes.readableBytes else { return .none }
        var rest = bytes
        rest.moveReaderIndex(forwardBy: count)
        return handToNIO(rest)
    }

    /// NIO finished (or failed) one write it was handed (NIO finishes them in order).
    mutating func written() {
        if !handed.isEmpty { handed.removeFirst() }
    }

    /// What is left of the largest write NIO holds, `backlog` being all it holds: the
    /// oldest may be partly written, the others are whole.
    func largestWaiting(backlog: Int) -> Int {
        guard let first = handed.first else { return 0 }
        let others = handed.dropFirst().reduce(0, +)
        return max(min(max(backlog - others, 0), first), handed.dropFirst().max() ?? 0)
    }

    /// NIO's buffer went over or under its watermark: a parked frame goes once there is room.
    mutating func writabilityChanged(_ writable: Bool) -> Action {
        self.writable = writable
        guard writable, let frame = parked else { return .none }
        parked = nil
        framesSent += 1
        return write(frame)
    }

    /// The connection is to end: what the batch gathered, then `bye` (if any), go out in
    /// that order, and nothing is sent after them. Nil when it was already closing.
    mutating func close(bye: ByteBuffer?) -> [Action]? {
        guard !closing else { return nil }
        var actions = [flushBatch()]
        if let bye { actions.append(handToNIO(bye)) }
        closing = true
        batching = false
        parked = nil
        return actions.filter { $0 != .none }
    }

    /// The peer is gone: nothing more is sent.
    mutating func closed() {
        closing = true
        parked = nil
    }

    // MARK: Helpers

    /// `bytes` after everything before them: at once when NIO holds nothing.
    private mutating func write(_ bytes: ByteBuffer) -> Action {
        inNIO == 0 ? .sendNow(bytes) : handToNIO(bytes)
    }

    private mutating func handToNIO(_ bytes: ByteBuffer) -> Action {
        handed.append(bytes.readableBytes)
        return .handToNIO(bytes)
    }

    private mutating func gather(_ bytes: ByteBuffer) -> Action {
        var bytes = bytes
        batchBytes += bytes.readableBytes
        batch.writeBuffer(&bytes)
        return batch.readableBytes >= Self.batchLimit ? flushBatch() : .gathered
    }

    private mutating func flushBatch() -> Action {
        guard batch.readableBytes > 0, !closing else { return .none }
        let bytes = batch
        batch.clear()
        return write(bytes)
    }
}
