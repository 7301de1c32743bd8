import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `GET /events` through URLSession: the body handed on as it arrives, and how the
/// stream ended. URLSession's data delegate is what iOS and Linux's Foundation both deliver
/// a streaming body through.
final class EventStreamConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// How a stream ended.
    enum Outcome: Sendable {
        /// It ended after the bridge answered 200 (`received` says whether any bytes came).
        case ended(String, received: Bool)
        case failed(LiveError)
    }

    private let lock = NSLock()
    private let onBytes: @Sendable (Data) -> Void
    private var status: Int?
    private var errorBody = Data()
    private var received = false
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var task: URLSessionDataTask?

    init(onBytes: @escaping @Sendable (Data) -> Void) {
        self.onBytes = onBytes
    }

    /// Opens the stream and returns when it ends (or `cancel()` ends it).
    func run(_ url: URL, idleTimeout: TimeInterval) async -> Outcome {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        return await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request)
            lock.withLock {
                self.continuation = continuation
                self.task = task
            }
            task.resume()
        }
    }

    func cancel() {
        lock.withLock { task }?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { status = (response as? HTTPURLResponse)?.statusCode }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let ok = lock.withLock {
            if status == 200 {
                received = true
                return true
            }
            if errorBody.count < 4096 { errorBody.append(data.prefix(4096 - errorBody.count)) }
            return false
        }
        if ok { onBytes(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, outcome) = lock.withLock { () -> (CheckedContinuation<Outcome, Never>?, Outcome) in
            defer { self.continuation = nil }
            return (self.continuation, self.finalOutcome(error))
        }
        continuation?.resume(returning: outcome)
    }

    /// Called with the lock held.
    private func finalOutcome(_ error: (any Error)?) -> Outcome {
        let body = String(decoding: errorBody, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch status {
        case 200?:
            return .ended(
                error.map { "\($0.localizedDescription)" } ?? "the bridge ended the stream", received: received)
        case 403?:
            return .failed(.refused(body.isEmpty ? "403 Forbidden" : body))
        case let status?:
            return .failed(.unexpected("HTTP \(status): \(body)"))
        case nil:
            return .failed(.unreachable(error.map { $0.localizedDescription } ?? "no answer"))
        }
    }
}
