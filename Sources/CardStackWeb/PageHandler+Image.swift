import CardStackProtocol
import CardStackSystem
import CardStackWire
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// `GET /image/K?token=…&daemon=N`: the image item K shows, `card.images`' file K mod n.
///
/// The bridge asks the daemon for the parameters in force (`get_params`) at every request,
/// and resolves their patterns once per `images_version` (``LookImageLists``: the same bounds
/// as the daemon's, ``LookImageFile/Limits``), on a thread off the event loop, as it reads
/// the file. It serves only a file of that list, resolved against the parameter file's
/// directory, after its header says it is a PNG or JPEG within ``LookImageFile``'s bounds (at
/// most 16 MiB read, at most 4096 × 4096 pixels decoded by the browser). Anything else is
/// 404 with the reason, naming no file: the daemon's `warnings` name the files.
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
        let lists = imageLists
        var line = context.channel.allocator.buffer(capacity: 48)
        line.writeString(#"{"id":"image","cmd":"get_params"}"#)
        requests.send(line) { answer in
            switch answer {
            case .reply(let reply):
                let bytes = Array(reply.readableBytesView)
                NIOThreadPool.singleton.runIfActive(eventLoop: bound.value.eventLoop) {
                    Self.imageFile(item: k, reply: bytes, daemon: index, lists: lists)
                }.whenComplete { result in
                    let (handler, context) = (handler.value, bound.value)
                    switch result {
                    case .success(.success(let (header, bytes))):
                        handler.send(.ok, header.kind == .png ? "image/png" : "image/jpeg", bytes, request, context)
                    case .success(.failure(let why)):
                        handler.send(.notFound, text, "image \(k): \(why)\n", request, context)
                    case .failure(let error):
                        handler.send(.serviceUnavailable, text, "image \(k): \(error)\n", request, context)
                    }
                }
            case .unavailable(let why):
                handler.value.requests = nil
                handler.value.send(.badGateway, text, "\(why)\n", request, bound.value)
            }
        }
    }

    /// The file `get_params`' reply names for item `k`, read and checked; or why not, in
    /// words that name no file. Blocks on the file system: call it off the event loop.
    static func imageFile(item k: Int, reply: [UInt8], daemon: Int, lists: LookImageLists) -> Result<
        (LookImageFile.Header, [UInt8]), ImageRefusal
    > {
        guard let json = try? JSONParser.parse(reply), let result = json["result"],
            case .array(let entries)? = result["params"]?["card"]?["images"]
        else {
            return .failure(ImageRefusal("the parameters name no images (card.images is not set)"))
        }
        let patterns = entries.compactMap { if case .string(let s) = $0 { s } else { nil } }
        var directory = "."
        if case .string(let path)? = result["path"], let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        var version = 0
        if case .integer(let n)? = result["images_version"] { version = Int(n) }
        let files = lists.files(daemon: daemon, version: version, patterns: patterns, directory: directory)
        guard !files.isEmpty else {
            return .failure(ImageRefusal("card.images matches no file (the daemon's warnings say which pattern)"))
        }
        return LookImageFile.read(files[k % files.count]).mapError { ImageRefusal($0.reason) }
    }
}

/// Why `/image/K` serves nothing: a reason, never a file's name.
struct ImageRefusal: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The files `card.images` names, resolved once per daemon, parameter file, patterns and
/// `images_version` (a change to a file the daemon follows is a new version): `/image/K`
/// serves file K of the list in force and never globs again for it.
final class LookImageLists: Sendable {
    private struct Entry {
        var key: Key
        var files: [String]
    }

    private struct Key: Equatable {
        var version: Int
        var patterns: [String]
        var directory: String
    }

    private let lists = NIOLockedValueBox<[Int: Entry]>([:])

    init() {}

    /// The list for this version: resolved now (blocking, within the look's bounds) when
    /// it is not the one kept for `daemon`. A pattern that matches nothing leaves the list
    /// empty, as `render` and the viewer take it (``LookImageFile/resolve(_:relativeTo:)``).
    func files(daemon: Int, version: Int, patterns: [String], directory: String) -> [String] {
        let key = Key(version: version, patterns: patterns, directory: directory)
        if let entry = lists.withLockedValue({ $0[daemon] }), entry.key == key { return entry.files }
        let files = (try? LookImageFile.resolve(patterns, relativeTo: directory).get()) ?? []
        lists.withLockedValue { $0[daemon] = Entry(key: key, files: files) }
        return files
    }
}
