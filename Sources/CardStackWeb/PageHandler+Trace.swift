import NIOCore
import NIOHTTP1

/// `POST /trace` (an app's device trace, kept as the newest) and `GET /trace` (it, for the
/// page): token-gated like every request, refused from another origin like `/request`, and
/// at most ``TraceStore/maximumBytes`` (docs/protocol.md §10).
extension PageHandler {
    func trace(
        _ request: HTTPRequestHead, body: ByteBuffer?, tooLong: Bool, store: TraceStore, context: ChannelHandlerContext
    ) {
        let text = "text/plain; charset=utf-8"
        if let why = RequestGate.foreignOrigin(
            request.headers["origin"].first, host: request.headers["host"].first ?? "")
        {
            send(.forbidden, text, "403 Forbidden: \(why)\n", request, context)
            return
        }
        switch request.method {
        case .GET, .HEAD:
            guard let trace = store.trace else {
                send(.notFound, text, "no trace yet: an app POSTs one to /trace\n", request, context)
                return
            }
            send(.ok, "application/x-ndjson; charset=utf-8", trace, request, context)
        case .POST:
            let type = request.headers["content-type"].first?.lowercased() ?? ""
            guard type.hasPrefix("application/x-ndjson") || type.hasPrefix("application/json") else {
                send(.unsupportedMediaType, text, "/trace takes Content-Type: application/x-ndjson\n", request, context)
                return
            }
            guard !tooLong else {
                send(
                    .payloadTooLarge, text,
                    "a trace is at most \(TraceStore.maximumBytes) bytes; send a shorter stretch\n", request, context)
                return
            }
            var bytes = body ?? context.channel.allocator.buffer(capacity: 0)
            switch store.take(bytes.readBytes(length: bytes.readableBytes) ?? []) {
            case .success(let frames):
                send(.ok, "application/json; charset=utf-8", "{\"frames\":\(frames)}\n", request, context)
            case .failure(let why):
                send(.badRequest, text, "not a device trace: \(why.message)\n", request, context)
            }
        default:
            send(.methodNotAllowed, text, "/trace takes POST (a trace) or GET\n", request, context)
        }
    }
}
