import NIOCore

/// `POST /request`'s link to the daemon: one daemon connection per HTTP connection, opened at
/// its first request and kept while the HTTP connection lives (so a follower's requests,
/// one after another, cost one connection). Requests go one at a time (HTTP/1.1 answers in
/// order); the daemon's reply line is handed back unchanged.
final class DaemonRequests: DaemonLinkOwner {
    /// The daemon's reply (a JSON line), or why there is none.
    enum Answer {
        case reply(ByteBuffer)
        case unavailable(String)
    }

    let socketPath: String
    private let loop: any EventLoop
    private var daemon: (any Channel)?
    private var connecting = false
    private var sawHello = false
    /// The request waiting to be sent (before the connection is up) and whom to answer.
    private var waiting: (line: ByteBuffer, answer: (Answer) -> Void)?
    private var answer: ((Answer) -> Void)?

    init(socketPath: String, loop: any EventLoop) {
        self.socketPath = socketPath
        self.loop = loop
    }

    /// Sends `line` (one request, without its newline) and calls `answer` with the reply.
    func send(_ line: ByteBuffer, answer: @escaping (Answer) -> Void) {
        var line = line
        line.writeInteger(UInt8(ascii: "\n"))
        if let daemon {
            self.answer = answer
            daemon.writeAndFlush(line, promise: nil)
            return
        }
        waiting = (line, answer)
        if !connecting {
            connecting = true
            DaemonLink.connect(socketPath, on: loop, owner: self)
        }
    }

    func close() {
        daemon?.close(promise: nil)
        daemon = nil
        answer = nil
        waiting = nil
    }

    func daemonConnected(_ channel: any Channel) {
        connecting = false
        guard let waiting else {
            channel.close(promise: nil)
            return
        }
        daemon = channel
        self.waiting = nil
        answer = waiting.answer
        channel.writeAndFlush(waiting.line, promise: nil)
    }

    func daemonUnavailable(_ message: String) {
        connecting = false
        waiting?.answer(.unavailable(message))
        waiting = nil
    }

    func daemonLine(_ line: ByteBuffer) {
        // The first line is the daemon's hello; events (a `bye`) are not replies.
        guard sawHello else {
            sawHello = true
            return
        }
        guard line.readableBytesView.starts(with: #"{"event":"#.utf8) == false else { return }
        let answer = self.answer
        self.answer = nil
        answer?(.reply(line))
    }

    func daemonReadComplete() {}

    func daemonClosed() {
        daemon = nil
        sawHello = false
        let answer = self.answer
        self.answer = nil
        answer?(.unavailable("the daemon at \(socketPath) closed the connection"))
    }

    func daemonWritabilityChanged() {}
}
