import NIOCore
import NIOEmbedded
import Testing

@testable import CardStackWeb

/// A relay's end of its daemon link (`DaemonLink.End`), with NIO's `EmbeddedChannel` standing
/// in for the daemon's connection: what it keeps, when it closes it, and when it stops and
/// starts reading the daemon.
@Suite struct DaemonLinkEndTests {
    /// A daemon connection that is open (connected), its reading switched by `autoRead`.
    func daemon() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 1), promise: nil)
        return channel
    }

    /// The last `autoRead` the end set on `channel`; nil when it set none.
    func autoRead(_ channel: EmbeddedChannel) -> Bool? {
        channel.options.last { $0.option is ChannelOptions.Types.AutoReadOption }?.value as? Bool
    }

    @Test func aRunningRelayKeepsTheDaemonAndClosesItWhenItEnds() throws {
        let end = DaemonLink.End()
        let channel = try daemon()
        #expect(end.adopt(channel))
        #expect(end.channel === channel && channel.isActive && !end.closed)
        end.close()
        #expect(end.closed && end.channel == nil && !channel.isActive)
        // Once ended, the daemon's going is not news for the peer.
        #expect(!end.lost())
    }

    @Test func aDaemonThatConnectsAfterTheRelayEndedIsClosedAtOnce() throws {
        let end = DaemonLink.End()
        end.close()
        let late = try daemon()
        #expect(!end.adopt(late))
        #expect(end.channel == nil && !late.isActive)
    }

    @Test func theDaemonGoingIsToldWhileTheRelayRuns() throws {
        let end = DaemonLink.End()
        let channel = try daemon()
        #expect(end.adopt(channel))
        #expect(end.lost())
        #expect(end.channel == nil && !end.closed)
        // Closing after the daemon went closes nothing it no longer holds.
        end.close()
        #expect(end.closed && channel.isActive)
    }

    @Test func readingStopsOnlyWhileThePeerCannotTakeMore() throws {
        let end = DaemonLink.End()
        let channel = try daemon()
        #expect(end.adopt(channel))
        end.pause(unlessWritable: true)
        #expect(autoRead(channel) == nil)
        end.pause(unlessWritable: false)
        #expect(autoRead(channel) == false)
        end.resume(ifWritable: false)
        #expect(autoRead(channel) == false)
        end.resume(ifWritable: true)
        #expect(autoRead(channel) == true)
    }

    @Test func withoutADaemonPausingAndResumingDoNothing() {
        let end = DaemonLink.End()
        end.pause(unlessWritable: false)
        end.resume(ifWritable: true)
        #expect(end.channel == nil && !end.closed && end.lost())
    }
}
