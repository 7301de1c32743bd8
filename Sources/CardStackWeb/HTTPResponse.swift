import NIOCore
import NIOHTTP1

/// Every response the bridge writes, with one set of headers: the page, its assets and
/// answers (``PageHandler``), renders (``RenderHandler``) and the follower's event stream
/// (``EventStreamRelay``) alike.
enum HTTPResponse {
    /// Sent with every response: nothing is cached, nothing is sniffed, no page may frame
    /// it, no address leaks in a `Referer`.
    static let securityHeaders: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "frame-ancestors 'none'"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// A response's head: its type, its length (none for a stream), the security headers,
    /// `extra` (which replaces a security header of the same name: a reference clip's frames
    /// may be kept a while), and whether the connection stays open.
    static func head(
        _ status: HTTPResponseStatus, version: HTTPVersion, type: String, length: Int?, keepAlive: Bool,
        extra: [(String, String)] = []
    ) -> HTTPResponseHead {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        if let length { headers.add(name: "Content-Length", value: String(length)) }
        headers.add(contentsOf: securityHeaders.filter { name, _ in !extra.contains { $0.0 == name } })
        headers.add(contentsOf: extra)
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        return HTTPResponseHead(version: version, status: status, headers: headers)
    }

    /// Writes a whole response to `context` (no body for a `HEAD` request) and closes the
    /// connection after it unless `keepAlive`.
    ///
    /// - Returns: when the response is written.
    @discardableResult
    static func write(
        _ status: HTTPResponseStatus, type: String, body: [UInt8], to request: HTTPRequestHead, keepAlive: Bool,
        extra: [(String, String)] = [], context: ChannelHandlerContext
    ) -> EventLoopFuture<Void> {
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        let head = head(
            status, version: request.version, type: type, length: buffer.readableBytes, keepAlive: keepAlive,
            extra: extra)
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        if request.method != .HEAD {
            context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
        return done
    }
}
