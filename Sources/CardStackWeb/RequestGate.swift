/// Who may use the bridge: the rules every HTTP request and WebSocket upgrade pass first.
///
/// - the run's token, as `token=` in the query, on every request (a page on another site
///   cannot know it);
/// - a `Host` header naming the address we listen on (`127.0.0.1:PORT`, `localhost:PORT`,
///   `[::1]:PORT`), so a rebound DNS name cannot reach us from a browser;
/// - for the WebSocket, an `Origin` that is the page's own (`http://` + that host).
public struct RequestGate: Sendable {
    public var token: String
    /// The `Host` values accepted; nil accepts any (listening on every interface).
    public var hosts: Set<String>?

    /// The gate for a bridge listening on `host:port` with `token`.
    public init(token: String, listenHost: String, port: Int) {
        self.token = token
        if listenHost == "0.0.0.0" || listenHost == "::" || listenHost == "[::]" {
            hosts = nil
        } else {
            var allowed: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
            allowed.insert(
                listenHost.contains(":") && !listenHost.hasPrefix("[")
                    ? "[\(listenHost)]:\(port)" : "\(listenHost):\(port)")
            hosts = allowed
        }
    }

    /// Why a request is refused, or nil when it may go on.
    public func refusal(uri: String, host: String?, origin: String?, websocket: Bool) -> String? {
        guard let host, !host.isEmpty else { return "no Host header" }
        if let hosts, !hosts.contains(host.lowercased()) {
            return "Host \(host) is not the address this bridge listens on; open the URL it printed"
        }
        guard let given = Self.query(uri, "token") else {
            return "no token: open the URL `cardstack web` printed (it ends in ?token=…)"
        }
        guard Self.constantTimeEqual(given, token) else {
            return "wrong token: open the URL this run of `cardstack web` printed"
        }
        if websocket {
            guard let origin else { return "a WebSocket needs an Origin header" }
            guard origin.lowercased() == "http://\(host.lowercased())" else {
                return "Origin \(origin) is not this page's own"
            }
        }
        return nil
    }

    /// Why an `Origin` on a follower's request (`/events`, `/request`) is refused, or nil: a
    /// browser sends one, and it must be this bridge's own page; an app's URLSession sends none.
    public static func foreignOrigin(_ origin: String?, host: String) -> String? {
        guard let origin else { return nil }
        return origin.lowercased() == "http://\(host.lowercased())" ? nil : "Origin \(origin) is not this page's own"
    }

    /// The path of `uri`, without its query.
    public static func path(_ uri: String) -> Substring {
        uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The value of `name` in `uri`'s query, if present (percent-decoding is not needed:
    /// tokens and numbers are plain).
    public static func query(_ uri: String, _ name: String) -> String? {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        for pair in parts[1].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if kv[0] == name { return kv.count == 2 ? String(kv[1]) : "" }
        }
        return nil
    }

    /// Compares without stopping at the first difference, so timing says nothing.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in x.indices { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}
