import NIOCore
import NIOHTTP1

/// Serves the page's three files (and, in replay mode, the recording) to requests that pass the ``RequestGate``; everything else
/// gets 403 (the gate said no), 404 or 405. The WebSocket upgrade is handled before this
/// handler sees a request: an upgrade that reaches it was refused.
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let gate: RequestGate
    /// How many daemons the page shows (compare mode when 2 or more).
    let daemons: Int
    /// The recording the page plays (`cardstack web --replay`), or nil.
    let recording: [UInt8]?
    private var head: HTTPRequestHead?
    /// Closes the connection when a request is not complete in time.
    private var deadline: RequestDeadline?

    init(gate: RequestGate, daemons: Int, recording: [UInt8]? = nil) {
        self.gate = gate
        self.daemons = daemons
        self.recording = recording
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadline = RequestDeadline(channel: context.channel)
        deadline?.arm()
    }

    /// Removed when the connection becomes a WebSocket: the request was complete.
    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.disarm()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(request): head = request
        case .body: break
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
        guard request.method == .GET || request.method == .HEAD else {
            send(.methodNotAllowed, "text/plain; charset=utf-8", "only GET\n", request, context)
            return
        }
        let token = gate.token
        switch RequestGate.path(request.uri) {
        case "/", "/index.html":
            let html = PageAssets.html
                .replacingAll("__TOKEN__", with: token)
                .replacingAll("__DAEMONS__", with: String(daemons))
                .replacingAll("__REPLAY__", with: recording == nil ? "" : "1")
            send(.ok, "text/html; charset=utf-8", html, request, context)
        case "/page.js": send(.ok, "text/javascript; charset=utf-8", PageAssets.script, request, context)
        case "/page.css": send(.ok, "text/css; charset=utf-8", PageAssets.style, request, context)
        case "/recording":
            if let recording {
                send(.ok, "application/x-ndjson; charset=utf-8", recording, request, context)
            } else {
                send(.notFound, "text/plain; charset=utf-8", "no recording: start `cardstack web --replay FILE`\n", request, context)
            }
        case "/ws" where recording != nil:
            send(.notFound, "text/plain; charset=utf-8", "replaying a recording: there is no daemon to connect to\n", request, context)
        case "/ws":
            send(.badRequest, "text/plain; charset=utf-8", "/ws takes a WebSocket upgrade\n", request, context)
        default:
            send(.notFound, "text/plain; charset=utf-8", "not found\n", request, context)
        }
    }

    private func send(
        _ status: HTTPResponseStatus, _ type: String, _ body: String, _ request: HTTPRequestHead,
        _ context: ChannelHandlerContext
    ) {
        send(status, type, Array(body.utf8), request, context)
    }

    private func send(
        _ status: HTTPResponseStatus, _ type: String, _ body: [UInt8], _ request: HTTPRequestHead,
        _ context: ChannelHandlerContext
    ) {
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(buffer.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Content-Security-Policy", value: "frame-ancestors 'none'")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        let keepAlive = request.isKeepAlive && status == .ok
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        if request.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        } else {
            // The next request on this connection has the same time to arrive.
            deadline?.arm()
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
