import CardStackProtocol

extension Request {
    /// Parses one request line (without its `\n`). This is the one place request lines are
    /// read: every problem becomes a ``RequestError`` with a sentence that says what to send
    /// (the line's value is read by ``Request/parse(object:)``).
    public static func parse(_ line: some Collection<UInt8>) -> Result<Request, RequestError> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            let text = String(decoding: line.prefix(60), as: UTF8.self)
            return .failure(
                RequestError(
                    id: nil,
                    error: WireError(
                        .parseError,
                        "not valid JSON (\(error)): \(text.debugDescription)\(line.count > 60 ? "…" : ""); send one JSON object per line, e.g. {\"id\":1,\"cmd\":\"ping\"}"
                    )))
        }
        return parse(object: value)
    }
}
