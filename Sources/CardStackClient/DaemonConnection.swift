import CardStackProtocol
import CardStackSystem
import CardStackWire

#if canImport(Glibc)
    import Glibc
#endif

/// Why talking to the daemon failed, in words that say what to do.
public enum ClientError: Error, CustomStringConvertible {
    case noDaemon(SocketPath, String)
    /// The socket file's mode or group keeps this user out (EACCES).
    case notAllowed(SocketPath, String)
    case refused(WireError)
    case closed(String)
    case timeout(String)
    case protocolError(String)
    /// The socket's directory or the process listening there may not be trusted
    /// (docs/protocol.md §1); nothing was sent.
    case untrusted(String)
    /// Something listens on the socket but does not greet as cardstackd does: says nothing
    /// within the timeout, closes, or sends another first line.
    case notCardstack(SocketPath, String)

    public var description: String {
        switch self {
        case .noDaemon(let socket, let why):
            "no cardstackd is listening on \(socket.path) (\(socket.origin)): \(why). Start one with `cardstackd --config FILE`, or pass --socket PATH"
        case .notAllowed(let socket, let why):
            "you may not connect to \(socket.path) (\(socket.origin)): \(why). The system service's socket is for "
                + "root and the cardstack group: ask an administrator for `sudo adduser $USER cardstack`, then log in "
                + "again; or run your own daemon (cardstackd --config FILE)"
        case .refused(let error): "the daemon refused: \(error.code.rawValue): \(error.message)"
        case .closed(let reason): "the daemon closed the connection: \(reason)"
        case .timeout(let what): "no answer from the daemon within the timeout while \(what)"
        case .protocolError(let what): "the daemon sent something unexpected: \(what)"
        case .untrusted(let why): why
        case .notCardstack(let socket, let why):
            "\(socket.path) (\(socket.origin)) is not a cardstackd's socket: \(why). Start cardstackd there "
                + "(`cardstackd --config FILE --socket \(socket.path)`), or pass --socket with your daemon's socket"
        }
    }
}

/// The only client-side socket code: a blocking connection that sends request lines and
/// reads server lines, with a timeout on every wait.
public final class DaemonConnection {
    /// Seconds to wait for the daemon's answer unless told otherwise (`--timeout`).
    public static let defaultTimeout = 5.0

    public let socket: SocketPath
    /// The daemon's greeting.
    public private(set) var hello: Hello
    /// The file descriptor, for callers that wait on several inputs at once.
    public let fd: CInt
    private var buffer: [UInt8] = []
    private var nextID: Int64 = 1
    /// Events that arrived while waiting for a reply, in order.
    public var pendingEvents: [ServerMessage] = []

    /// Connects and reads the `hello`, after checking that the socket's directory and the
    /// process listening there may be trusted (its uid is ours or root): an impostor is
    /// sent nothing.
    public init(_ socket: SocketPath, timeout: Double = DaemonConnection.defaultTimeout) throws {
        self.socket = socket
        if let problem = SocketDirectory.problem(forSocket: socket.path) { throw ClientError.untrusted(problem) }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ClientError.noDaemon(socket, String(cString: strerror(errno))) }
        guard let result = UnixSocketAddress.with(socket.path, { connect(fd, $0, $1) }) else {
            close(fd)
            throw ClientError.noDaemon(socket, "the path is too long for a Unix socket")
        }
        guard result == 0 else {
            let code = errno
            let why = String(cString: strerror(code))
            close(fd)
            if code == EACCES { throw ClientError.notAllowed(socket, why) }
            throw ClientError.noDaemon(socket, Self.refusal(socket.path, why: why, code: code))
        }
        guard let peer = PeerCredentials.of(fd) else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw ClientError.untrusted(
                "cannot tell who listens on \(socket.path) (SO_PEERCRED: \(why)); nothing was sent")
        }
        if let distrust = peer.distrust(path: socket.path) {
            close(fd)
            throw ClientError.untrusted(distrust)
        }
        self.fd = fd
        self.hello = Hello(version: "", revision: 0)
        let first: ServerMessage?
        do {
            first = try readMessage(timeout: timeout)
        } catch ClientError.closed {
            throw ClientError.notCardstack(socket, "it closed the connection without a hello")
        } catch {
            throw ClientError.notCardstack(socket, "its first line was not a hello (\(error))")
        }
        switch first {
        case .hello(let hello)?: self.hello = hello
        case .reply(let reply)? where reply.error != nil: throw ClientError.refused(reply.error!)
        case nil:
            throw ClientError.notCardstack(
                socket, "it accepted the connection but sent no hello within \(timeout) s (--timeout)")
        default: throw ClientError.notCardstack(socket, "its first line was not a hello")
        }
    }

    /// Why connecting to `path` failed, in words: a socket file nobody listens on (its daemon
    /// stopped) and a path that is not a socket at all both give ECONNREFUSED.
    static func refusal(_ path: String, why: String, code: Int32) -> String {
        guard code == ECONNREFUSED else { return why }
        var facts = stat()
        guard stat(path, &facts) == 0 else { return why }
        switch facts.st_mode & S_IFMT {
        case S_IFSOCK: return "the socket file is there but nothing listens on it (its daemon has stopped)"
        case S_IFREG: return "it is a regular file, not a socket"
        case S_IFDIR: return "it is a directory, not a socket"
        default: return "it is not a socket"
        }
    }

    deinit { close(fd) }

    /// Sends `command` and waits for its reply; events that arrive first are kept in
    /// ``pendingEvents``.
    ///
    /// - Returns: the reply's `result`, decoded as `command`'s (``Command/decodeResult(from:)``).
    /// - Throws: ``ClientError/refused(_:)`` with the daemon's error when it says no.
    @discardableResult
    public func request(_ command: Command, timeout: Double = DaemonConnection.defaultTimeout) throws -> CommandResult {
        let id = RequestID.integer(nextID)
        nextID += 1
        try send(Request(id: id, command))
        while true {
            guard let line = try readLine(timeout: timeout) else {
                throw ClientError.timeout("waiting for the reply to \(command.name)")
            }
            switch try message(in: line, requests: [id: command]) {
            case .reply(let reply) where reply.id == id || reply.id == nil:
                if let error = reply.error { throw ClientError.refused(error) }
                return reply.result ?? .empty
            case .bye(let reason):
                throw ClientError.closed(reason)
            case let message:
                pendingEvents.append(message)
            }
        }
    }

    /// Sends `command` and returns its result's value as `R` (``CommandResult/payload``).
    ///
    /// - Throws: ``ClientError/refused(_:)`` with the daemon's error when it says no,
    ///   ``ClientError/protocolError(_:)`` when the result is not an `R`.
    public func request<R>(_ command: Command, as type: R.Type, timeout: Double = DaemonConnection.defaultTimeout)
        throws -> R
    {
        let result = try request(command, timeout: timeout)
        guard let value = result.payload as? R else {
            throw ClientError.protocolError("the reply to \(command.name) is not a \(R.self)")
        }
        return value
    }

    /// Writes one request line.
    public func send(_ request: Request) throws {
        var line = try WireJSON.encode(request)
        line.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < line.count {
            let n = line[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw ClientError.closed(String(cString: strerror(errno))) }
            sent += n
        }
    }

    /// The daemon's lines: no limit of their own (a reply may be as long as the file's titles).
    private static let framing = LineFraming(limit: .max)

    /// The next server line as raw bytes, or nil when `timeout` seconds pass first
    /// (`nil` timeout: wait for ever).
    public func readLine(timeout: Double?) throws -> [UInt8]? {
        let deadline = timeout.map { now() + $0 }
        while true {
            if case .line(let content, let next) = Self.framing.cut(buffer, atEnd: false) {
                let line = Array(buffer[content])
                buffer.removeSubrange(..<next)
                return line
            }
            var waitMS: Int32 = -1
            if let deadline {
                let left = deadline - now()
                if left <= 0 { return nil }
                waitMS = Int32(min(left * 1000, 1e9).rounded(.up))
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, waitMS)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw ClientError.closed("the connection ended") }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// The next server message, or nil on timeout.
    public func readMessage(timeout: Double?) throws -> ServerMessage? {
        if timeout != nil, !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        guard let line = try readLine(timeout: timeout) else { return nil }
        return try message(in: line)
    }

    private func message(in line: [UInt8], requests: [RequestID: Command] = [:]) throws -> ServerMessage {
        do {
            return try WireJSON.decode(ServerMessage.self, from: line, requests: requests)
        } catch {
            throw ClientError.protocolError("\(String(decoding: line.prefix(120), as: UTF8.self)): \(error)")
        }
    }

    private func now() -> Double { SystemClock.monotonic }
}
