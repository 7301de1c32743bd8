import NIOCore

extension DaemonLink {
    /// A relay's end of its daemon link, the one both relays (``WebSocketRelay``,
    /// ``EventStreamRelay``) hold: the daemon's connection once trusted, whether the relay has
    /// ended, and reading the daemon only while the relay's peer (a page, a follower) keeps up.
    /// Used on the relay's event loop only. A class, not a value: closing the daemon's
    /// connection calls the relay back (``DaemonLinkOwner/daemonClosed()``, then ``lost()``)
    /// while ``close()`` runs, which a mutating method of a stored value would not allow.
    final class End {
        /// The daemon's connection, once trusted and until it or the relay ends.
        private(set) var channel: (any Channel)?
        /// Set when the relay ends: nothing more goes either way.
        private(set) var closed = false

        /// Keeps `channel`, the daemon just connected; a relay that has ended closes it
        /// instead and gets false.
        func adopt(_ channel: any Channel) -> Bool {
            guard !closed else {
                channel.close(promise: nil)
                return false
            }
            self.channel = channel
            return true
        }

        /// The daemon went; true when the relay still runs (and tells its peer).
        func lost() -> Bool {
            channel = nil
            return !closed
        }

        /// After a read's lines went to the peer: stops reading the daemon while the peer
        /// cannot take more (the daemon then skips frames for it).
        func pause(unlessWritable peerWritable: Bool) {
            if !peerWritable { channel?.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
        }

        /// Reads the daemon again once the peer can take more.
        func resume(ifWritable peerWritable: Bool) {
            if peerWritable { channel?.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in } }
        }

        /// Ends the link: the daemon's connection closed, nothing more relayed.
        func close() {
            closed = true
            let open = channel
            channel = nil
            open?.close(promise: nil)
        }
    }
}
