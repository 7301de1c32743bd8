import NIOCore

/// Closes a connection whose request is not complete within ``BridgeLimits/requestSeconds``
/// of the connection opening or of the previous response (a peer that opens connections
/// and never finishes its headers holds nothing for long). Armed at the start and after
/// each response; disarmed when a request is complete, or for good once the connection
/// turns into a WebSocket or an event stream.
final class RequestDeadline {
    private let channel: any Channel
    private var timer: Scheduled<Void>?

    /// Sent down the pipeline by a handler that takes a request over before the page sees
    /// it (a render), once the request (its body too) is complete: the deadline stops while
    /// it is answered.
    struct Hold {}

    /// Sent down the pipeline once such a handler has answered on a connection that stays
    /// open: the next request has the same time to arrive.
    struct Resume {}

    init(channel: any Channel) {
        self.channel = channel
    }

    /// Starts the clock for the next request.
    func arm() {
        channel.eventLoop.assertInEventLoop()
        timer?.cancel()
        let channel = self.channel
        timer = channel.eventLoop.scheduleTask(in: .seconds(BridgeLimits.requestSeconds)) {
            channel.close(promise: nil)
        }
    }

    /// A request is complete (or the connection no longer carries requests).
    func disarm() {
        channel.eventLoop.assertInEventLoop()
        timer?.cancel()
        timer = nil
    }
}
