import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Serves the page (its HTML, style sheet and script modules, and in replay mode the recording)
/// to requests that pass the ``RequestGate``; everything else gets 403 (the gate said no), 404
/// or 405. The WebSocket upgrade is handled before this
/// handler sees a request: an upgrade that reaches it was refused.
///
/// For `CardStackLive` followers: `GET /events` turns the connection into an
/// ``EventStreamRelay``, and `POST /request` sends its body, one JSON request, to the daemon
/// (``DaemonRequests``) and answers with the daemon's reply.
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let gate: RequestGate
    /// The daemons' sockets (compare mode when 2).
    let sockets: [String]
    /// How many daemons the page shows (compare mode when 2 or more).
    var daemons: Int { sockets.count }
    /// The recording the page plays (`cardstack web --replay`), or nil.
    let recording: [UInt8]?
    private var head: HTTPRequestHead?
    /// A request's body (`POST /request`), at most ``BridgeLimits/requestBodyBytes``.
    private var body: ByteBuffer?
    private var bodyTooLong = false
    /// Closes the connection when a request is not complete in time.
    private var deadline: RequestDeadline?
    /// `POST /request`'s daemon connection, once there has been one.
    var requests: DaemonRequests?
    /// The file a browser was given to open the page (``BrowserHandoff``), until used.
    let handoff: NIOLockedValueBox<BrowserHandoff?>?
    /// The newest device trace (`POST /trace`, `GET /trace`), shared by every connection.
    let traces: TraceStore?
    /// The files `/image/K` serves, per daemon and `images_version` (shared by every connection).
    let imageLists: LookImageLists

    init(
        gate: RequestGate, sockets: [String], recording: [UInt8]? = nil,
        handoff: NIOLockedValueBox<BrowserHandoff?>? = nil, traces: TraceStore? = nil,
        imageLists: LookImageLists = LookImageLists()
    ) {
        self.gate = gate
        self.sockets = sockets
        self.recording = recording
        self.handoff = handoff
        self.traces = traces
        self.imageLists = imageLists
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadline = RequestDeadline(channel: context.channel)
        deadline?.arm()
    }

    /// Removed when the connection becomes a WebSocket: the request was complete.
    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.disarm()
        deadline = nil
        requests?.close()
        requests = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is RequestDeadline.Hold {
            deadline?.disarm()
        } else if event is RequestDeadline.Resume {
            deadline?.arm()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        requests?.close()
        requests = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            head = request
            body = nil
            bodyTooLong = false
        case .body(var part):
            // Only a POST's body is kept, and only up to the daemon's line limit (a trace's own).
            guard let head, head.method == .POST, !bodyTooLong else { return }
            let limit = RequestGate.path(head.uri) == "/trace" ? TraceStore.maximumBytes : BridgeLimits.requestBodyBytes
            if (body?.readableBytes ?? 0) + part.readableBytes > limit {
                bodyTooLong = true
                body = nil
            } else if body == nil {
                body = part
            } else {
                body!.writeBuffer(&part)
            }
        case .end:
            deadline?.disarm()
            guard let request = head else { return }
            head = nil
            respond(to: request, context: context)
        }
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        let websocket = request.headers["upgrade"].first?.lowercased() == "websocket"
        if let why = gate.refusal(
            uri: request.uri, host: request.headers["host"].first, origin: request.headers["origin"].first,
            websocket: websocket)
        {
            send(.forbidden, "text/plain; charset=utf-8", "403 Forbidden: \(why)\n", request, context)
            return
        }
        let path = RequestGate.path(request.uri)
        if path == "/trace", let traces {
            trace(request, body: body, tooLong: bodyTooLong, store: traces, context: context)
            body = nil
            return
        }
        if path == "/events" || path == "/request" {
            if let why = RequestGate.foreignOrigin(
                request.headers["origin"].first, host: request.headers["host"].first ?? "")
            {
                send(.forbidden, "text/plain; charset=utf-8", "403 Forbidden: \(why)\n", request, context)
                return
            }
            guard recording == nil else {
                send(
                    .notFound, "text/plain; charset=utf-8", "replaying a recording: there is no daemon to follow\n",
                    request, context)
                return
            }
            guard let index = Int(RequestGate.query(request.uri, "daemon") ?? "0"), sockets.indices.contains(index)
            else {
                send(
                    .notFound, "text/plain; charset=utf-8",
                    "no such daemon: daemon= counts the --socket options from 0\n", request, context)
                return
            }
            if path == "/request" {
                forward(request, to: sockets[index], context: context)
            } else if request.method == .GET {
                follow(request, sockets[index], context: context)
            } else {
                send(.methodNotAllowed, "text/plain; charset=utf-8", "/events takes GET\n", request, context)
            }
            return
        }
        guard request.method == .GET || request.method == .HEAD else {
            send(.methodNotAllowed, "text/plain; charset=utf-8", "only GET\n", request, context)
            return
        }
        if path.hasPrefix("/image/") {
            image(request, item: path.dropFirst("/image/".count), context: context)
            return
        }
        if let module = PageFiles.module(at: path) {
            send(.ok, "text/javascript; charset=utf-8", module, request, context)
            return
        }
        let token = gate.token
        switch path {
        case "/", "/index.html":
            if let opened = RequestGate.query(request.uri, "opened") {
                // The browser came through the file it was given: that file has done its work.
                handoff?.withLockedValue { file in
                    guard let used = file, RequestGate.constantTimeEqual(used.nonce, opened) else { return }
                    used.remove()
                    file = nil
                }
            }
            let html = PageFiles.html
                .replacingAll("__TOKEN__", with: token)
                .replacingAll("__DAEMONS__", with: String(daemons))
                .replacingAll("__REPLAY__", with: recording == nil ? "" : "1")
                .replacingAll("__IMPORTS__", with: PageFiles.importMap(token: token))
            send(.ok, "text/html; charset=utf-8", html, request, context)
        case "/page.css": send(.ok, "text/css; charset=utf-8", PageFiles.style, request, context)
        case "/recording":
            if let recording {
                send(.ok, "application/x-ndjson; charset=utf-8", recording, request, context)
            } else {
                send(
                    .notFound, "text/plain; charset=utf-8", "no recording: start `cardstack web --replay FILE`\n",
                    request, context)
            }
        case "/ws" where recording != nil:
            send(
                .notFound, "text/plain; charset=utf-8", "replaying a recording: there is no daemon to connect to\n",
                request, context)
        case "/ws":
            send(.badRequest, "text/plain; charset=utf-8", "/ws takes a WebSocket upgrade\n", request, context)
        default:
            send(.notFound, "text/plain; charset=utf-8", "not found\n", request, context)
        }
    }

    /// Hands the connection to an ``EventStreamRelay`` for the daemon at `socket`.
    private func follow(_ request: HTTPRequestHead, _ socket: String, context: ChannelHandlerContext) {
        deadline?.disarm()
        deadline = nil
        let relay = EventStreamRelay(
            socketPath: socket, frames: .init(query: RequestGate.query(request.uri, "frames")), version: request.version
        )
        do {
            try context.pipeline.syncOperations.addHandler(relay, position: .after(self))
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }

    /// `POST /request`: the body, one JSON request, to the daemon; its reply back.
    private func forward(_ request: HTTPRequestHead, to socket: String, context: ChannelHandlerContext) {
        let text = "text/plain; charset=utf-8"
        guard request.method == .POST else {
            send(.methodNotAllowed, text, "/request takes POST with one JSON request as its body\n", request, context)
            return
        }
        guard request.headers["content-type"].first?.lowercased().hasPrefix("application/json") == true else {
            send(.unsupportedMediaType, text, "/request takes Content-Type: application/json\n", request, context)
            return
        }
        guard !bodyTooLong else {
            send(
                .payloadTooLarge, text,
                "a request must be at most \(BridgeLimits.requestBodyBytes) bytes (the daemon's line limit)\n", request,
                context)
            return
        }
        var line = body ?? context.channel.allocator.buffer(capacity: 0)
        body = nil
        while line.readableBytesView.last.map({ $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) == true {
            line.moveWriterIndex(to: line.writerIndex - 1)
        }
        // A blank line is no request: the daemon skips it and would never answer.
        guard line.readableBytesView.contains(where: { !Self.isBlank($0) }) else {
            send(
                .badRequest, text,
                "the body holds no request (it is empty or only white space): send one JSON request, e.g. {\"cmd\":\"ping\"}\n",
                request, context)
            return
        }
        guard !line.readableBytesView.contains(UInt8(ascii: "\n")),
            BridgeLimits.isUTF8(line.readableBytesView)
        else {
            send(.badRequest, text, "the body must be one JSON request in UTF-8, without newlines\n", request, context)
            return
        }
        let requests = self.requests ?? DaemonRequests(socketPath: socket, loop: context.eventLoop)
        self.requests = requests
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        requests.send(line) { answer in
            let (handler, context) = (handler.value, bound.value)
            switch answer {
            case .reply(var reply):
                handler.send(
                    .ok, "application/json; charset=utf-8", reply.readBytes(length: reply.readableBytes) ?? [], request,
                    context)
            case .unavailable(let why):
                handler.requests = nil
                handler.send(.badGateway, text, "\(why)\n", request, context)
            }
        }
    }

    /// White space as JSON and the daemon's line rules see it.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    func send(
        _ status: HTTPResponseStatus, _ type: String, _ body: String, _ request: HTTPRequestHead,
        _ context: ChannelHandlerContext
    ) {
        send(status, type, Array(body.utf8), request, context)
    }

    func send(
        _ status: HTTPResponseStatus, _ type: String, _ body: [UInt8], _ request: HTTPRequestHead,
        _ context: ChannelHandlerContext
    ) {
        let keepAlive = request.isKeepAlive && (status == .ok || (request.method == .POST && status == .badGateway))
        HTTPResponse.write(status, type: type, body: body, to: request, keepAlive: keepAlive, context: context)
        // The next request on this connection has the same time to arrive.
        if keepAlive { deadline?.arm() }
    }
}
