import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// Turns a recording into a file to share: what `POST /render` calls (the `cardstack`
/// binary passes `cardstack render`'s renderer; this module draws nothing itself).
public struct RenderService: Sendable {
    /// The largest recording accepted, in bytes (more gets 413).
    public var maximumBody: Int
    /// Renders the JSON lines of a recording into `format` (`gif`, `png`, `mp4`, `webm`):
    /// the file's bytes and its media type, or an error whose text says what is wrong.
    public var render: @Sendable (_ recording: [UInt8], _ format: String) throws -> (body: [UInt8], type: String)

    public init(
        maximumBody: Int = 32 << 20,
        render: @escaping @Sendable (_ recording: [UInt8], _ format: String) throws -> (body: [UInt8], type: String)
    ) {
        self.maximumBody = maximumBody
        self.render = render
    }
}

/// `POST /render?format=gif|png|mp4|webm&token=…`: the body is a recording in `cardstack
/// record`'s format, the answer the rendered file. The request passes the ``RequestGate``
/// first (token, Host), and a browser's `Origin`, when sent, must be the page's own. The
/// body is bounded (``RenderService/maximumBody``); rendering runs on the bridge's one
/// render thread, never on the event loop, so frames keep flowing while it works, and
/// renders wait their turn. Every other request passes through to the ``PageHandler``.
final class RenderHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let gate: RequestGate
    let service: RenderService
    /// The references loaded into the page (`/reference`, `/fit`), or nil when not offered.
    let references: ReferenceStore?
    let pool: NIOThreadPool
    /// Renders queued or running on this bridge: more than ``waitingLimit`` get 503.
    let pending: NIOLockedValueBox<Int>
    static let waitingLimit = 4
    /// Upload bodies held on this bridge (``BridgeLimits/bodiesHeld``), and whether this
    /// connection holds one of them.
    let held: NIOLockedValueBox<Int>
    private var holdsBody = false

    private enum State {
        case idle
        case forwarding
        case collecting(HTTPRequestHead, job: Job, body: ByteBuffer)
        case discarding
        case rendering
    }
    private var state = State.idle

    init(
        gate: RequestGate, service: RenderService, references: ReferenceStore? = nil, pool: NIOThreadPool,
        pending: NIOLockedValueBox<Int>, held: NIOLockedValueBox<Int>
    ) {
        self.gate = gate
        self.service = service
        self.references = references
        self.pool = pool
        self.pending = pending
        self.held = held
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A render under way keeps its body until it is done (its answer gives the place back).
        if case .rendering = state {} else { giveBodyBack() }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if case .rendering = state {} else { giveBodyBack() }
    }

    /// Takes one of the ``BridgeLimits/bodiesHeld`` places for an upload; false when all
    /// are taken.
    private func takeBody() -> Bool {
        let taken = held.withLockedValue { count in
            guard count < BridgeLimits.bodiesHeld else { return false }
            count += 1
            return true
        }
        holdsBody = taken
        return taken
    }

    private func giveBodyBack() {
        guard holdsBody else { return }
        holdsBody = false
        held.withLockedValue { $0 -= 1 }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        // A piece of the body, outside the switch below: its subject would hold on to the
        // buffer, and every append would copy the whole of it.
        if case .body(var chunk) = part, case .collecting(let head, let job, var body) = state {
            // The state lets go of the buffer first, so that appending does not copy it.
            state = .discarding
            guard body.readableBytes + chunk.readableBytes <= maximumBody(job) else {
                send(.payloadTooLarge, tooLarge(job), head, context, close: true)
                return
            }
            body.writeBuffer(&chunk)
            state = .collecting(head, job: job, body: body)
            return
        }
        switch (state, part) {
        case (.idle, .head(let head)):
            if let job = job(head) {
                start(head, job: job, context: context)
            } else {
                state = .forwarding
                context.fireChannelRead(data)
            }
        case (.forwarding, .end):
            state = .idle
            context.fireChannelRead(data)
        case (.forwarding, _):
            context.fireChannelRead(data)
        case (.collecting(let head, let job, let body), .end):
            // The upload is complete: the request deadline stops while it is rendered.
            context.fireUserInboundEventTriggered(RequestDeadline.Hold())
            if case .frame(let id, let n) = job {
                state = .idle
                serveFrame(head, id: id, n: n, context: context)
            } else {
                state = .rendering
                run(head, job: job, body: body, context: context)
            }
        case (.discarding, .end):
            state = .idle
        default:
            break
        }
    }

    private func start(_ head: HTTPRequestHead, job: Job, context: ChannelHandlerContext) {
        // The upload arrives under the request deadline like any request (the page handler's):
        // it stops once the body is complete (`.end`), before the render.
        let host = head.headers["host"].first
        if let why = gate.refusal(uri: head.uri, host: host, origin: nil, websocket: false) {
            refuse(.forbidden, "403 Forbidden: \(why)\n", head, context)
        } else if let origin = head.headers["origin"].first,
            origin.lowercased() != "http://\((host ?? "").lowercased())"
        {
            refuse(.forbidden, "403 Forbidden: Origin \(origin) is not this page's own\n", head, context)
        } else if let allowed = methodRefusal(job, head.method) {
            refuse(.methodNotAllowed, allowed, head, context)
        } else if case .frame = job {
            state = .collecting(head, job: job, body: context.channel.allocator.buffer(capacity: 0))
        } else if let length = head.headers["content-length"].first.flatMap(Int.init), length > maximumBody(job) {
            refuse(.payloadTooLarge, tooLarge(job), head, context)
        } else if !takeBody() {
            refuse(
                .serviceUnavailable,
                "\(BridgeLimits.bodiesHeld) uploads are already being received or rendered: try again when one is done\n",
                head, context)
        } else {
            // Room for the whole body at once when its length is given (at most the limit): a
            // buffer that doubles as it grows would hold up to twice the body.
            let length = head.headers["content-length"].first.flatMap(Int.init) ?? 0
            let room = min(max(length, 0), maximumBody(job))
            state = .collecting(head, job: job, body: context.channel.allocator.buffer(capacity: room))
        }
    }

    /// Answers at once; the body still to come is read and dropped (the connection closes).
    private func refuse(
        _ status: HTTPResponseStatus, _ text: String, _ head: HTTPRequestHead, _ context: ChannelHandlerContext
    ) {
        state = .discarding
        send(status, text, head, context, close: true)
    }

    private func run(_ head: HTTPRequestHead, job: Job, body: ByteBuffer, context: ChannelHandlerContext) {
        let waiting = pending.withLockedValue { count in
            count += 1
            return count
        }
        guard waiting <= Self.waitingLimit else {
            pending.withLockedValue { $0 -= 1 }
            state = .idle
            send(
                .serviceUnavailable, "\(Self.waitingLimit) renders are already waiting: try again when one is done\n",
                head, context, close: false)
            return
        }
        let upload = Array(body.readableBytesView)
        let work = self.work(job, upload)
        let pending = self.pending
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let future = pool.runIfActive(eventLoop: context.eventLoop) { () -> Reply in
            defer { pending.withLockedValue { $0 -= 1 } }
            return work()
        }
        future.whenComplete { outcome in
            let (handler, context) = loopBound.value
            handler.state = .idle
            switch outcome {
            case .success(let reply):
                handler.send(reply.status, reply.type, reply.body, head, context, close: false, extra: reply.extra)
            case .failure(let error):
                handler.send(.internalServerError, "cannot do it: \(error)\n", head, context, close: false)
            }
        }
    }

    /// The render's answer to `recording` (on the render thread).
    static func render(_ service: RenderService, _ recording: [UInt8], format: String) -> Reply {
        do {
            let file = try service.render(recording, format)
            let name = "cardstack.\(format.lowercased())"
            return Reply(
                status: .ok, type: file.type, body: file.body,
                extra: [("Content-Disposition", "attachment; filename=\"\(name)\"")])
        } catch {
            return Reply(status: .badRequest, text: "cannot render: \(error)\n")
        }
    }

    func send(
        _ status: HTTPResponseStatus, _ text: String, _ head: HTTPRequestHead, _ context: ChannelHandlerContext,
        close: Bool
    ) {
        send(status, "text/plain; charset=utf-8", Array(text.utf8), head, context, close: close, extra: [])
    }

    func send(
        _ status: HTTPResponseStatus, _ type: String, _ body: [UInt8], _ head: HTTPRequestHead,
        _ context: ChannelHandlerContext,
        close: Bool, extra: [(String, String)]
    ) {
        // The answer ends what this request holds.
        giveBodyBack()
        let keepAlive = !close && head.isKeepAlive
        HTTPResponse.write(
            status, type: type, body: body, to: head, keepAlive: keepAlive, extra: extra, context: context)
        // The next request on this connection has the same time to arrive.
        if keepAlive { context.fireUserInboundEventTriggered(RequestDeadline.Resume()) }
    }
}
