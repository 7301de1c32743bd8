import NIOCore
import Testing

@testable import CardStackServer

/// The outbox as a state machine: writability, write completions and send results fed by
/// hand, every action checked.
@Suite struct OutboxTests {
    static func bytes(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
    static let frame1 = bytes("{\"event\":\"frame\",\"seq\":1}\n")
    static let frame2 = bytes("{\"event\":\"frame\",\"seq\":2}\n")
    static let reply = bytes("{\"id\":1,\"result\":{}}\n")

    @Test func aFrameGoesStraightToTheSocketWhileNIOHoldsNothing() {
        var outbox = Outbox(maximumBacklogBytes: 100)
        #expect(outbox.offerFrame(Self.frame1, nextComing: true) == .sendFrameNow)
        #expect(outbox.frameSent(Self.frame1.readableBytes, of: Self.frame1, nextComing: true) == .none)
        #expect(outbox.inNIO == 0)
        #expect(outbox.parked == nil)
    }

    @Test func whatTheSocketDoesNotTakeGoesToNIOAndEverythingAfterFollowsIt() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.offerFrame(Self.frame1, nextComing: false) == .sendFrameNow)
        var rest = Self.frame1
        rest.moveReaderIndex(forwardBy: 5)
        #expect(outbox.frameSent(5, of: Self.frame1, nextComing: false) == .handToNIO(rest))
        #expect(outbox.inNIO == 1)
        // NIO holds bytes: a reply joins them instead of jumping ahead with a direct send.
        #expect(outbox.send(Self.reply, backlog: 10) == .handToNIO(Self.reply))
        #expect(outbox.inNIO == 2)
        outbox.written()
        outbox.written()
        #expect(outbox.send(Self.reply, backlog: 0) == .sendNow(Self.reply))
    }

    @Test func aFullSocketParksAFrameWhenAnotherIsComingAndTheNewestWins() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.offerFrame(Self.frame1, nextComing: true) == .sendFrameNow)
        #expect(outbox.frameSent(0, of: Self.frame1, nextComing: true) == .parked)
        #expect(outbox.parked == Self.frame1)
        #expect(outbox.offerFrame(Self.frame2, nextComing: true) == .sendFrameNow)
        #expect(outbox.frameSent(0, of: Self.frame2, nextComing: true) == .parked)
        #expect(outbox.parked == Self.frame2)
        // Ticks stop: the parked frame goes to NIO, which writes it when there is room.
        #expect(outbox.releaseParked() == .handToNIO(Self.frame2))
        #expect(outbox.parked == nil)
        #expect(outbox.releaseParked() == .none)
    }

    @Test func theLastFrameOfAMotionIsHandedToNIOWhenTheSocketIsFull() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.offerFrame(Self.frame1, nextComing: false) == .sendFrameNow)
        #expect(outbox.frameSent(0, of: Self.frame1, nextComing: false) == .handToNIO(Self.frame1))
        #expect(outbox.inNIO == 1)
    }

    @Test func framesWaitWhileNIOIsOverItsWatermarkAndGoWhenItIsWritableAgain() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.send(Self.reply, backlog: 0) == .sendNow(Self.reply))
        #expect(outbox.sent(0, of: Self.reply) == .handToNIO(Self.reply))
        #expect(outbox.writabilityChanged(false) == .none)
        #expect(outbox.offerFrame(Self.frame1, nextComing: true) == .parked)
        #expect(outbox.offerFrame(Self.frame2, nextComing: false) == .parked)
        #expect(outbox.parked == Self.frame2)
        // Writable again while NIO still holds the reply: the frame joins it in NIO.
        #expect(outbox.writabilityChanged(true) == .handToNIO(Self.frame2))
        #expect(outbox.parked == nil)
        outbox.written()
        outbox.written()
        #expect(outbox.inNIO == 0)
        // Writable with NIO empty: nothing parked, nothing to do.
        #expect(outbox.writabilityChanged(true) == .none)
    }

    @Test func writableWithNIOEmptySendsTheParkedFrameDirectly() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.offerFrame(Self.frame1, nextComing: true) == .sendFrameNow)
        #expect(outbox.frameSent(0, of: Self.frame1, nextComing: true) == .parked)
        #expect(outbox.writabilityChanged(true) == .sendNow(Self.frame1))
    }

    @Test func aBatchGathersRepliesAndFramesAndLeavesInOneSend() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        outbox.beginBatch()
        #expect(outbox.send(Self.reply, backlog: 0) == .gathered)
        #expect(outbox.offerFrame(Self.frame1, nextComing: false) == .gathered)
        var both = Self.reply
        both.writeImmutableBuffer(Self.frame1)
        #expect(outbox.endBatch() == .sendNow(both))
        #expect(outbox.batch.readableBytes == 0)
        #expect(outbox.endBatch() == .none)
    }

    @Test func aBatchOverItsLimitGoesOutBeforeMoreJoinsIt() {
        var outbox = Outbox(maximumBacklogBytes: 1 << 20)
        outbox.beginBatch()
        let big = ByteBuffer(repeating: UInt8(ascii: "x"), count: Outbox.batchLimit - 1)
        #expect(outbox.send(big, backlog: 0) == .gathered)
        guard case .sendNow(let bytes) = outbox.send(Self.reply, backlog: 0) else {
            Issue.record("the full batch was not sent")
            return
        }
        #expect(bytes.readableBytes == Outbox.batchLimit - 1 + Self.reply.readableBytes)
        #expect(outbox.batching)
        #expect(outbox.send(Self.reply, backlog: 0) == .gathered)
    }

    @Test func aClientTooFarBehindIsDisconnectedButOneLargeMessageGoes() {
        var outbox = Outbox(maximumBacklogBytes: 100)
        let large = ByteBuffer(repeating: UInt8(ascii: "x"), count: 500)
        // Nothing waits: a message larger than the limit still goes.
        #expect(outbox.send(large, backlog: 0) == .sendNow(large))
        #expect(outbox.sent(0, of: large) == .handToNIO(large))
        // The largest write waiting does not count: with the 500 bytes unread, the next
        // replies still go (issue 44: a large `params` cut the bridge's link for good).
        #expect(outbox.send(Self.reply, backlog: 500) == .handToNIO(Self.reply))
        let r = Self.reply.readableBytes
        let more = ByteBuffer(repeating: UInt8(ascii: "y"), count: 60)
        #expect(outbox.send(more, backlog: 500 + r) == .handToNIO(more))
        #expect(outbox.send(Self.reply, backlog: 500 + r + 60) == .handToNIO(Self.reply))
        // Over the limit besides it: 2 replies and 60 bytes, more than 100, wait after it.
        let behind = 500 + r + 60 + r
        #expect(
            outbox.send(Self.reply, backlog: behind)
                == .disconnect(reason: "too far behind: \(behind) bytes of replies and events were left unread"))
    }

    @Test func theLargestWaitingWriteCountsWhatIsLeftOfIt() {
        var outbox = Outbox(maximumBacklogBytes: 100)
        let large = ByteBuffer(repeating: UInt8(ascii: "x"), count: 500)
        #expect(outbox.send(large, backlog: 0) == .sendNow(large))
        #expect(outbox.sent(0, of: large) == .handToNIO(large))
        let small = ByteBuffer(repeating: UInt8(ascii: "y"), count: 150)
        #expect(outbox.send(small, backlog: 500) == .handToNIO(small))
        // 450 of the 500 written: the 150 bytes after it are now the largest, and the 50
        // left of the first count with the rest.
        #expect(outbox.largestWaiting(backlog: 200) == 150)
        #expect(outbox.largestWaiting(backlog: 650) == 500)
        outbox.written()
        #expect(outbox.largestWaiting(backlog: 150) == 150)
        outbox.written()
        #expect(outbox.largestWaiting(backlog: 0) == 0)
    }

    @Test func closingSendsTheBatchThenByeAndNothingAfter() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        outbox.beginBatch()
        #expect(outbox.send(Self.reply, backlog: 0) == .gathered)
        let bye = Self.bytes("{\"event\":\"bye\"}\n")
        #expect(outbox.close(bye: bye) == [.sendNow(Self.reply), .handToNIO(bye)])
        #expect(outbox.closing)
        #expect(outbox.close(bye: bye) == nil)
        #expect(outbox.send(Self.reply, backlog: 0) == .none)
        #expect(outbox.offerFrame(Self.frame1, nextComing: false) == .none)
        #expect(outbox.endBatch() == .none)
        #expect(outbox.releaseParked() == .none)
    }

    @Test func closingWithNothingOwedHasNoActions() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.close(bye: nil) == [])
        #expect(outbox.close(bye: nil) == nil)
    }

    @Test func aPeerThatWentTakesNothingMore() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.offerFrame(Self.frame1, nextComing: true) == .sendFrameNow)
        #expect(outbox.frameSent(0, of: Self.frame1, nextComing: true) == .parked)
        outbox.closed()
        #expect(outbox.parked == nil)
        #expect(outbox.writabilityChanged(true) == .none)
        #expect(outbox.offerFrame(Self.frame2, nextComing: false) == .none)
    }

    /// `frames_sent` counts a frame where it leaves: sent whole or in part, handed to NIO,
    /// gathered, released or written once there is room; never one parked and replaced.
    @Test func framesAreCountedWhereTheyLeaveAndAParkedOneReplacedIsNot() {
        var outbox = Outbox(maximumBacklogBytes: 1000)
        #expect(outbox.offerFrame(Self.frame1, nextComing: true) == .sendFrameNow)
        #expect(outbox.framesSent == 0)
        _ = outbox.frameSent(Self.frame1.readableBytes, of: Self.frame1, nextComing: true)
        #expect(outbox.framesSent == 1)
        // Parked, then replaced by a newer one that is parked too: neither left.
        _ = outbox.offerFrame(Self.frame1, nextComing: true)
        _ = outbox.frameSent(0, of: Self.frame1, nextComing: true)
        _ = outbox.offerFrame(Self.frame2, nextComing: true)
        _ = outbox.frameSent(0, of: Self.frame2, nextComing: true)
        #expect(outbox.framesSent == 1)
        // Ticks stop: the parked frame goes to NIO.
        #expect(outbox.releaseParked() == .handToNIO(Self.frame2))
        #expect(outbox.framesSent == 2)
        // A part sent directly, the rest handed to NIO: one frame.
        outbox.written()
        _ = outbox.offerFrame(Self.frame1, nextComing: false)
        _ = outbox.frameSent(5, of: Self.frame1, nextComing: false)
        #expect(outbox.framesSent == 3)
        // Over the watermark: parked, then written once there is room.
        _ = outbox.writabilityChanged(false)
        #expect(outbox.offerFrame(Self.frame2, nextComing: true) == .parked)
        #expect(outbox.framesSent == 3)
        #expect(outbox.writabilityChanged(true) == .handToNIO(Self.frame2))
        #expect(outbox.framesSent == 4)
        // Gathered in a batch.
        outbox.beginBatch()
        #expect(outbox.offerFrame(Self.frame1, nextComing: false) == .gathered)
        #expect(outbox.framesSent == 5)
    }
}
