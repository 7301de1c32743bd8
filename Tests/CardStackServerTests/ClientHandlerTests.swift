import CardStackProtocol
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import CardStackServer

/// The real handler and hub on NIO's `EmbeddedChannel`: requests written in, what the
/// daemon sends read back out. With no socket descriptor every write goes through NIO, so
/// the channel sees all of it, in order.
@Suite struct ClientHandlerTests {
    final class Connection {
        let channel = EmbeddedChannel()
        let hub: Hub

        init(maximumLineBytes: Int = 65536) throws {
            var configuration = ServerConfiguration(socketPath: "/nonexistent/test.sock", version: "test")
            configuration.maximumLineBytes = maximumLineBytes
            hub = Hub(
                eventLoop: channel.eventLoop, configuration: configuration, logger: Logger(label: "test"),
                path: nil, initial: .removed)
            try ClientHandler.addHandlers(
                to: channel.pipeline.syncOperations, events: hub, daemonUID: 0, descriptor: -1,
                logger: Logger(label: "test"))
            try channel.connect(to: SocketAddress(unixDomainSocketPath: "/nonexistent/test.sock")).wait()
        }

        /// Writes `text` as one read.
        func write(_ text: String) throws {
            try channel.writeInbound(ByteBuffer(string: text))
        }

        /// Each write the channel was handed since the last call, as text.
        func writes() throws -> [String] {
            var out: [String] = []
            while let bytes = try channel.readOutbound(as: ByteBuffer.self) {
                if bytes.readableBytes > 0 { out.append(String(buffer: bytes)) }
            }
            return out
        }

        /// Every line sent since the last call.
        func lines() throws -> [String] {
            try writes().joined().split(separator: "\n").map(String.init)
        }
    }

    @Test func helloThenRepliesInRequestOrder() throws {
        let connection = try Connection()
        let hello = try connection.lines()
        #expect(hello.count == 1)
        #expect(hello[0].hasPrefix("{\"event\":\"hello\""))
        try connection.write("{\"cmd\":\"ping\",\"id\":1}\n{\"cmd\":\"get_state\",\"id\":2}\n")
        let lines = try connection.lines()
        #expect(lines.count == 2)
        #expect(lines[0].contains("\"id\":1"))
        #expect(lines[1].contains("\"id\":2"))
    }

    @Test func requestsThatArriveTogetherAreAnsweredInOneWrite() throws {
        let connection = try Connection()
        _ = try connection.writes()
        try connection.write("{\"cmd\":\"ping\",\"id\":1}\n{\"cmd\":\"ping\",\"id\":2}\n{\"cmd\":\"ping\",\"id\":3}\n")
        let writes = try connection.writes()
        #expect(writes.count == 1)
        #expect(writes.first?.split(separator: "\n").count == 3)
    }

    @Test func requestsPastOneTurnsShareWaitForTheNextTurnInOrder() throws {
        let connection = try Connection()
        _ = try connection.writes()
        let share = connection.hub.configuration.requestsPerTurn
        try connection.write((1...20).map { "{\"cmd\":\"ping\",\"id\":\($0)}\n" }.joined())
        let first = try connection.lines()
        #expect(first.count == share)
        connection.channel.embeddedEventLoop.run()
        let all = first + (try connection.lines())
        #expect(all.count == 20)
        #expect(all.enumerated().allSatisfy { $0.element.contains("\"id\":\($0.offset + 1),") })
    }

    @Test func aTurnEndsOnceItsRepliesReachTheirShareOfBytes() throws {
        let connection = try Connection()
        _ = try connection.writes()
        let share = connection.hub.configuration.replyBytesPerTurn
        try connection.write((1...6).map { "{\"cmd\":\"export\",\"format\":\"swift\",\"id\":\($0)}\n" }.joined())
        let first = try connection.lines()
        // Each Swift export is over 16 KiB: fewer than the 8 requests of a turn are answered,
        // and the last of them took the turn's replies to its share.
        let size = first.reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(first.count < 6 && size >= share && size - first[first.count - 1].utf8.count - 1 < share)
        connection.channel.embeddedEventLoop.run()
        let all = first + (try connection.lines())
        #expect(all.count == 6)
        #expect(all.enumerated().allSatisfy { $0.element.hasPrefix("{\"id\":\($0.offset + 1),") })
    }

    @Test func aLineInPiecesIsOneRequestAndBlankLinesAndCRLFAreFine() throws {
        let connection = try Connection()
        _ = try connection.writes()
        try connection.write("{\"cmd\":\"pi")
        #expect(try connection.lines().isEmpty)
        try connection.write("ng\",\"id\":7}\r\n\n   \n\t\n")
        let lines = try connection.lines()
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"id\":7") == true)
    }

    @Test func aLineOverTheLimitIsRefusedAndTheConnectionCloses() throws {
        let connection = try Connection(maximumLineBytes: 32)
        _ = try connection.writes()
        try connection.write("{\"cmd\":\"ping\",\"id\":1}\n" + String(repeating: "x", count: 40))
        let lines = try connection.lines()
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"id\":1"))
        #expect(lines[1].contains("line_too_long"))
        #expect(lines[2].hasPrefix("{\"event\":\"bye\""))
        // Nothing more is read from it (on a socket, reading stops: `autoRead` off).
        try connection.write("{\"cmd\":\"ping\",\"id\":2}\n")
        #expect(try connection.lines().isEmpty)
        connection.channel.embeddedEventLoop.run()
        #expect(!connection.channel.isActive)
        #expect(connection.hub.links.isEmpty)
        #expect(connection.hub.session.clientCount == 0)
    }

    @Test func aLineOfExactlyTheLimitWithCRLFIsTaken() throws {
        let request = "{\"cmd\":\"ping\",\"id\":12345678}"
        let connection = try Connection(maximumLineBytes: request.utf8.count)
        _ = try connection.writes()
        try connection.write(request + "\r\n")
        let lines = try connection.lines()
        #expect(lines.count == 1)
        #expect(lines.first?.contains("12345678") == true)
    }

    @Test func endOfInputAnswersTheLastLineThenCloses() throws {
        let connection = try Connection()
        _ = try connection.writes()
        try connection.write("{\"cmd\":\"ping\",\"id\":9}")
        #expect(try connection.lines().isEmpty)
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        let lines = try connection.lines()
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"id\":9") == true)
        connection.channel.embeddedEventLoop.run()
        #expect(!connection.channel.isActive)
    }

    @Test func aSubscriberStaysAfterEndOfInputAndGetsFrames() throws {
        let connection = try Connection()
        _ = try connection.writes()
        try connection.write("{\"cmd\":\"subscribe\",\"events\":[\"frame\"],\"id\":1}\n")
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        let lines = try connection.lines()
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("{\"event\":\"frame\""))
        #expect(connection.channel.isActive)
        #expect(connection.hub.session.subscribers(of: .frame) == connection.hub.links.keys.sorted())
    }

    @Test func framesWaitWhileTheChannelIsNotWritableAndTheNewestGoes() throws {
        let connection = try Connection()
        try connection.write("{\"cmd\":\"subscribe\",\"events\":[\"frame\"],\"id\":1}\n")
        _ = try connection.writes()
        let hub = connection.hub
        let id = try #require(hub.links.keys.first)
        // NIO holds a write the peer has not taken, and its buffer is over the watermark.
        var outbox = try #require(hub.links[id]).outbox
        _ = outbox.send(ByteBuffer(string: "held"), backlog: 0)
        _ = outbox.sent(0, of: ByteBuffer(string: "held"))
        _ = outbox.writabilityChanged(false)
        hub.links[id]?.outbox = outbox
        let sentBefore = hub.framesSent
        let first = ByteBuffer(string: "{\"event\":\"frame\",\"seq\":100}\n")
        let second = ByteBuffer(string: "{\"event\":\"frame\",\"seq\":101}\n")
        hub.offerFrame(first, to: id)
        hub.offerFrame(second, to: id)
        #expect(hub.framesSent == sentBefore)
        #expect(try connection.writes().isEmpty)
        hub.writabilityChanged(true, of: id)
        #expect(try connection.lines() == ["{\"event\":\"frame\",\"seq\":101}"])
        #expect(hub.framesSent == sentBefore + 1)
    }

    @Test func leavingRemovesTheClientEverywhere() throws {
        let connection = try Connection()
        try connection.write("{\"cmd\":\"subscribe\",\"events\":[\"frame\",\"state\"],\"id\":1}\n")
        #expect(connection.hub.session.clientCount == 1)
        try connection.channel.close().wait()
        #expect(connection.hub.links.isEmpty)
        #expect(connection.hub.session.clientCount == 0)
        #expect(connection.hub.session.subscribers(of: .frame).isEmpty)
        #expect(connection.hub.session.subscribers(of: .state).isEmpty)
    }
}
