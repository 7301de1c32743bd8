import Foundation

/// The bridge's URLs for a follower, from the URL `cardstack web` printed
/// (`http://HOST:PORT/?token=…`; `&daemon=N` picks the N-th `--socket`).
public struct LiveEndpoints: Sendable, Equatable {
    /// `GET`: the daemon's events as `text/event-stream`.
    public var events: URL
    /// `POST`: one JSON request, answered with the daemon's reply.
    public var request: URL
    /// `POST`: the frames the display drew (``LiveTrace``).
    public var trace: URL

    /// - Parameters:
    ///   - frames: every frame the daemon computes (`frames=1`).
    ///   - moves: a move's first frame and every frame not of a move (`frames=moves`), for a
    ///     follower that plays each move itself (``LiveFollower/Options/motion``); ignored
    ///     with `frames`.
    public init(_ url: URL, frames: Bool = false, moves: Bool = false) throws(LiveError) {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .badURL("\(url) is not a URL")
        }
        guard parts.scheme == "http" || parts.scheme == "https", parts.host.map({ !$0.isEmpty }) == true else {
            throw .badURL("\(url): use the http://HOST:PORT/?token=… URL `cardstack web` printed")
        }
        let items = parts.queryItems ?? []
        guard let token = items.first(where: { $0.name == "token" })?.value, !token.isEmpty else {
            throw .badURL("\(url) has no token=…: copy the whole URL `cardstack web` printed")
        }
        let daemon = items.first(where: { $0.name == "daemon" })?.value ?? "0"
        var query = [URLQueryItem(name: "token", value: token), URLQueryItem(name: "daemon", value: daemon)]
        parts.path = "/request"
        parts.queryItems = query
        guard let request = parts.url else { throw .badURL("\(url)") }
        parts.path = "/trace"
        parts.queryItems = [URLQueryItem(name: "token", value: token)]
        guard let trace = parts.url else { throw .badURL("\(url)") }
        if frames {
            query.append(URLQueryItem(name: "frames", value: "1"))
        } else if moves {
            query.append(URLQueryItem(name: "frames", value: "moves"))
        }
        parts.path = "/events"
        parts.queryItems = query
        guard let events = parts.url else { throw .badURL("\(url)") }
        self.events = events
        self.request = request
        self.trace = trace
    }
}
