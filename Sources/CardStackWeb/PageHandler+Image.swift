import CardStackProtocol
import CardStackSystem
import CardStackWire
import NIOCore
import NIOHTTP1

/// `GET /image/K?token=…&daemon=N`: the image item K shows, `card.images`' file K mod n.
///
/// The bridge asks the daemon for the parameters in force (`get_params`) at every request and
/// serves only a file they name, resolved against the parameter file's directory, after its
/// header says it is a PNG or JPEG within ``LookImageFile``'s bounds (at most 16 MiB read, at
/// most 4096 × 4096 pixels decoded by the browser). Any other path is 404.
extension PageHandler {
    func image(_ request: HTTPRequestHead, item: Substring, context: ChannelHandlerContext) {
        let text = "text/plain; charset=utf-8"
        guard recording == nil else {
            send(.notFound, text, "replaying a recording: there is no daemon to ask for images\n", request, context)
            return
        }
        guard let k = Int(item), k >= 0, let index = Int(RequestGate.query(request.uri, "daemon") ?? "0"),
            sockets.indices.contains(index)
        else {
            send(.notFound, text, "not found: /image/K takes an item number K >= 0 and daemon=N\n", request, context)
            return
        }
        let requests = self.requests ?? DaemonRequests(socketPath: sockets[index], loop: context.eventLoop)
        self.requests = requests
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        var line = context.channel.allocator.buffer(capacity: 48)
        line.writeString(#"{"id":"image","cmd":"get_params"}"#)
        requests.send(line) { answer in
            let (handler, context) = (handler.value, bound.value)
            switch answer {
            case .reply(let reply):
                switch Self.imageFile(item: k, reply: Array(reply.readableBytesView)) {
                case .success(let (header, bytes)):
                    handler.send(.ok, header.kind == .png ? "image/png" : "image/jpeg", bytes, request, context)
                case .failure(let problem):
                    handler.send(.notFound, text, "\(problem)\n", request, context)
                }
            case .unavailable(let why):
                handler.requests = nil
                handler.send(.badGateway, text, "\(why)\n", request, context)
            }
        }
    }

    /// The file `get_params`' reply names for item `k`, read and checked.
    static func imageFile(item k: Int, reply: [UInt8]) -> Result<(LookImageFile.Header, [UInt8]), LookImageFile.Problem>
    {
        guard let json = try? JSONParser.parse(reply), let result = json["result"],
            case .array(let entries)? = result["params"]?["card"]?["images"]
        else {
            return .failure(LookImageFile.Problem(path: "card.images", reason: "the parameters name no images"))
        }
        let patterns = entries.compactMap { if case .string(let s) = $0 { s } else { nil } }
        var directory = "."
        if case .string(let path)? = result["path"], let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        switch LookImageFile.resolve(patterns, relativeTo: directory) {
        case .failure(let problem): return .failure(problem)
        case .success(let files):
            guard !files.isEmpty else {
                return .failure(LookImageFile.Problem(path: "card.images", reason: "no file matches"))
            }
            return LookImageFile.read(files[k % files.count])
        }
    }
}
