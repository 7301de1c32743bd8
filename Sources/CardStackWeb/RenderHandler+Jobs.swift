import CardStackFit
import CardStackSystem
import CardStackWire
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#endif

/// The requests the ``RenderHandler`` takes over from the page: a render (`POST /render`), a
/// reference to load (`POST /reference`), one of its frames (`GET /reference/ID/N`) and a
/// fit (`POST /fit`). Uploads share the render's gate, deadline, body cap and thread.
extension RenderHandler {
    enum Job {
        case render(format: String)
        case reference
        case frame(id: Substring, n: Int?)
        case fit
    }

    /// An answer made on the render thread.
    struct Reply: Sendable {
        var status: HTTPResponseStatus
        var type: String
        var body: [UInt8]
        var extra: [(String, String)] = []

        init(status: HTTPResponseStatus, type: String, body: [UInt8], extra: [(String, String)] = []) {
            self.status = status
            self.type = type
            self.body = body
            self.extra = extra
        }

        init(status: HTTPResponseStatus, text: String) {
            self.init(status: status, type: "text/plain; charset=utf-8", body: Array(text.utf8))
        }
    }

    /// Seconds `cardstack fit` may take: its own `--time-limit` (``FitBounds/bridgeTimeLimit``)
    /// and a little more.
    static let fitSeconds = FitBounds.bridgeTimeLimit + 10
    /// The address space `cardstack fit` may map (RLIMIT_AS): 2 GiB (docs/fit.md, "Bounds").
    static let fitMemory = 2 << 30
    /// The largest `POST /fit` body: room for ``FitCorners/maximumCards`` cards of corners.
    static let fitBodyBytes = 16384

    /// What this handler does with `head`, or nil to pass it on to the page.
    func job(_ head: HTTPRequestHead) -> Job? {
        let path = RequestGate.path(head.uri)
        if path == "/render" { return .render(format: RequestGate.query(head.uri, "format") ?? "gif") }
        guard references != nil else { return nil }
        if path == "/reference" { return .reference }
        if path == "/fit" { return .fit }
        guard path.hasPrefix("/reference/") else { return nil }
        let rest = path.dropFirst("/reference/".count).split(separator: "/", omittingEmptySubsequences: false)
        guard rest.count == 2, rest[1].allSatisfy(\.isASCII), let n = Int(rest[1]) else {
            return .frame(id: "", n: nil)
        }
        return .frame(id: rest[0], n: n)
    }

    /// Why `method` is not the one `job` takes, or nil.
    func methodRefusal(_ job: Job, _ method: HTTPMethod) -> String? {
        switch job {
        case .render where method != .POST:
            return "POST a recording (the JSON lines of `cardstack record`) to /render?format=gif|png|mp4|webm\n"
        case .reference where method != .POST:
            return "POST a video or image (MP4, MOV, WebM, GIF, PNG or JPEG) to /reference\n"
        case .fit where method != .POST:
            return "POST {\"id\":…,\"style\":…,\"kind\":…} to /fit\n"
        case .frame where method != .GET && method != .HEAD:
            return "/reference/ID/N takes GET\n"
        default:
            return nil
        }
    }

    func maximumBody(_ job: Job) -> Int {
        switch job {
        case .render, .reference: service.maximumBody
        case .fit: Self.fitBodyBytes
        case .frame: 0
        }
    }

    func tooLarge(_ job: Job) -> String {
        switch job {
        case .render:
            "the recording is over \(service.maximumBody >> 20) MiB: render a part of it (cardstack render --from --to)\n"
        case .reference: "the file is over \(service.maximumBody >> 20) MiB: load a shorter or smaller clip\n"
        case .fit: "a fit request is at most \(Self.fitBodyBytes) bytes\n"
        case .frame: "/reference/ID/N takes no body\n"
        }
    }

    /// What the render thread does for `job` with its `upload`.
    func work(_ job: Job, _ upload: [UInt8]) -> @Sendable () -> Reply {
        let service = self.service
        let references = self.references
        switch job {
        case .render(let format):
            return { Self.render(service, upload, format: format) }
        case .reference:
            return {
                guard let references else { return Reply(status: .notFound, text: "not found\n") }
                do {
                    let clip = try ReferenceClip.decode(
                        upload, id: WebBridge.randomToken(), registry: references.children)
                    references.add(clip)
                    return Reply(status: .ok, type: "application/json", body: Array(clip.json.utf8))
                } catch {
                    return Reply(status: .badRequest, text: "cannot load the reference: \(error)\n")
                }
            }
        case .fit:
            return { Self.fit(upload, references) }
        case .frame:
            return { Reply(status: .notFound, text: "not found\n") }
        }
    }

    /// `POST /fit`: `cardstack fit FILE --json --live --socket D --style S [--kind K]
    /// [--stage X,Y,S] [--mark X,Y@F]` on a held reference, read against the parameters in
    /// force on view V's daemon; with `corners` (marked on the still), `cardstack fit
    /// --corners` on them instead. Its JSON, or 400 with its error.
    static func fit(_ body: [UInt8], _ references: ReferenceStore?) -> Reply {
        guard let references, let command = references.fitCommand else {
            return Reply(status: .notFound, text: "this bridge does not fit references\n")
        }
        guard let json = try? JSONParser.parse(body), case .string(let id)? = json["id"] else {
            return Reply(
                status: .badRequest,
                text: "the body must be JSON: {\"id\":\"…\",\"style\":\"stack\",\"kind\":\"spring\"}\n")
        }
        guard let clip = references.clip(Substring(id)) else {
            return Reply(status: .notFound, text: "no such reference: load it again\n")
        }
        // Corners marked on the still fit its pose; without them the clip's motion is fitted.
        var input = [clip.file]
        var cornersFile: String?
        if let value = json["corners"] {
            guard let text = FitCorners.json(value) else { return Reply(status: .badRequest, text: FitCorners.shape) }
            guard let path = FitCorners.store(text, in: clip.directory) else {
                return Reply(status: .internalServerError, text: "cannot fit: cannot store the corners\n")
            }
            cornersFile = path
            input = ["--corners", path]
        }
        defer { if let cornersFile { unlink(cornersFile) } }
        var arguments = command + input + ["--json"]
        // The uploaded clip's own pixels to one pixel of the frames served, and its height in them:
        // the stage and the mark come in served pixels, `cardstack fit` reads the upload.
        let ratio = Double(clip.sourceWidth) / Double(max(clip.width, 1))
        let sourceHeight = Int((Double(clip.height) * ratio).rounded())
        // The stage where the designer aligned the reference, for a fit of its motion.
        if let value = json["stage"] {
            guard cornersFile == nil, clip.width > 0, let stage = FitStage.argument(value, sourceRatio: ratio)
            else { return Reply(status: .badRequest, text: FitStage.shape) }
            if let problem = FitStage.problem(stage, width: clip.sourceWidth, height: sourceHeight) {
                return Reply(status: .badRequest, text: problem)
            }
            arguments.append("--stage=" + stage)
        }
        // The point the designer marked to follow (Mark a point), for a fit of its motion.
        if let value = json["mark"] {
            guard cornersFile == nil else {
                return Reply(
                    status: .badRequest,
                    text: "give corners (a still's pose: Mark corners) or mark (a point to follow: Mark a point), "
                        + "not both: clear one and Fit again\n")
            }
            switch FitMark.argument(
                value, sourceRatio: ratio, width: clip.sourceWidth, height: sourceHeight, frames: clip.times.count)
            {
            case .success(let mark): arguments.append("--mark=" + mark)
            case .failure(let problem): return Reply(status: .badRequest, text: problem.description)
            }
        }
        // The view's daemon (`view`, 0 when left out) holds the parameters the clip is read against.
        var view = 0
        if let value = json["view"] {
            guard case .integer(let n) = value, n >= 0, n < max(references.sockets.count, 1) else {
                return Reply(status: .badRequest, text: "view must be the number of one of the page's daemons\n")
            }
            view = Int(n)
        }
        if references.sockets.indices.contains(view) {
            arguments += ["--live", "--socket", references.sockets[view]]
        }
        for name in ["style", "kind"] {
            guard let value = json[name] else { continue }
            guard case .string(let text) = value, !text.isEmpty, text.utf8.count <= 64,
                text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                return Reply(status: .badRequest, text: "\(name) must be a name such as stack or spring\n")
            }
            arguments += ["--\(name)", text]
        }
        arguments += ["--time-limit", String(Int(FitBounds.bridgeTimeLimit))]
        let outcome: ChildProcess.Outcome
        do {
            // The fit's own limit ends it first, with its message; this one is the backstop.
            outcome = try ChildProcess.run(
                arguments, seconds: fitSeconds, memory: fitMemory, registry: references.children)
        } catch {
            return Reply(status: .internalServerError, text: "cannot fit: \(error)\n")
        }
        if outcome.timedOut {
            return Reply(status: .badRequest, text: "cannot fit: cardstack fit took over \(Int(fitSeconds)) s\n")
        }
        guard outcome.status == 0, (try? JSONParser.parse(outcome.output)) != nil else {
            var reason = ChildProcess.lastLines(outcome.errors, count: 2).replacingAll(clip.file, with: "the reference")
            if let cornersFile { reason = reason.replacingAll(cornersFile, with: "the marked corners") }
            return Reply(status: .badRequest, text: "cannot fit: \(reason.isEmpty ? "cardstack fit failed" : reason)\n")
        }
        return Reply(status: .ok, type: "application/json", body: outcome.output)
    }

    /// `GET /reference/ID/N`: frame N of a held reference, else 404.
    func serveFrame(_ head: HTTPRequestHead, id: Substring, n: Int?, context: ChannelHandlerContext) {
        guard let n, let references, let bytes = references.frame(id: id, n: n) else {
            send(.notFound, "not found: no such reference or frame\n", head, context, close: false)
            return
        }
        send(
            .ok, "image/jpeg", head.method == .HEAD ? [] : bytes, head, context, close: false,
            extra: [("Cache-Control", "private, max-age=3600")])
    }
}
