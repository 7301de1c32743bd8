import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension LiveFollower {
    /// Sends `command` to the daemon and returns its result (`{"offset": …}`, PARAMS, …).
    public func send(_ command: LiveCommand) async throws(LiveError) -> LiveValue {
        var request = URLRequest(url: endpoints.request)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(command.requestLine(id: "live"))
        let (data, status) = try await post(request)
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch status {
        case 200: break
        case 403: throw .refused(text)
        case 502, 503: throw .daemonUnavailable(text)
        default: throw .unexpected("HTTP \(status): \(text)")
        }
        guard let reply = try? JSONDecoder().decode(Reply.self, from: data) else {
            throw .unexpected("not a reply: \(text.prefix(200))")
        }
        guard reply.ok else {
            throw .commandFailed(code: reply.error?.code ?? "?", message: reply.error?.message ?? text)
        }
        return reply.result ?? .null
    }

    /// Sends `trace`, the frames this display drew, to the bridge (`POST /trace`), where the
    /// page plots it against the tuned motion (docs/tuning.md, "Device traces"). Answers the
    /// frames the bridge took.
    @discardableResult
    public func sendTrace(_ trace: LiveTrace) async throws(LiveError) -> Int {
        var request = URLRequest(url: endpoints.trace)
        request.httpMethod = "POST"
        request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(trace.jsonLines.utf8)
        let (data, status) = try await post(request)
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch status {
        case 200: break
        case 403: throw .refused(text)
        default: throw .unexpected("HTTP \(status): \(text)")
        }
        guard let answer = try? JSONDecoder().decode([String: Int].self, from: data), let frames = answer["frames"]
        else { throw .unexpected("not a trace answer: \(text.prefix(200))") }
        return frames
    }

    private func post(_ request: URLRequest) async throws(LiveError) -> (Data, Int) {
        let result: Result<(Data, Int), LiveError> = await withCheckedContinuation { continuation in
            sessionForRequests.dataTask(with: request) { data, response, error in
                if let status = (response as? HTTPURLResponse)?.statusCode {
                    continuation.resume(returning: .success((data ?? Data(), status)))
                } else {
                    continuation.resume(returning: .failure(.unreachable(error?.localizedDescription ?? "no answer")))
                }
            }.resume()
        }
        return try result.get()
    }

    private struct Reply: Decodable {
        struct Failure: Decodable {
            var code: String
            var message: String
        }
        var ok: Bool
        var result: LiveValue?
        var error: Failure?
    }
}
