import CardStackExport
import CardStackParams
import CardStackProtocol
import CardStackSession
import CardStackWire
import NIOCore

/// Replies whose result is large and the same for every asker until the parameters change
/// (`get_schema`, `export`): written once and kept as JSON, so a client asking again and
/// again costs a copy of the bytes, not the writing of them (issue 44: 100 clients
/// pipelining `export swift` and `get_schema` held a quiet client's `ping` for over a
/// second). Each reply is the same bytes as one written whole: `{"id":…,"ok":true,"result":…}`.
extension Hub {
    /// Sends a successful reply whose result's JSON is `result`.
    func answer(_ requester: Requester, withEncoded result: ByteBuffer) {
        guard let head = encode(Reply<CommandResult>(id: requester.request)) else { return }
        // `{"id":…,"ok":true}\n` without its `}\n`, then the result.
        var bytes = ByteBuffer()
        bytes.reserveCapacity(head.readableBytes + result.readableBytes + 12)
        bytes.writeImmutableBuffer(head.getSlice(at: head.readerIndex, length: head.readableBytes - 2)!)
        bytes.writeStaticString(",\"result\":")
        bytes.writeImmutableBuffer(result)
        bytes.writeStaticString("}\n")
        send(bytes, to: requester.client)
    }

    /// The JSON of `result`, or nil when it cannot be written.
    func encodeResult(_ result: CommandResult) -> ByteBuffer? {
        do {
            return ByteBuffer(bytes: try WireJSON.encode(result))
        } catch {
            logger.error("could not encode a \(type(of: result)): \(error)")
            return nil
        }
    }

    /// `get_schema`'s result, written once: the schema is the program's.
    var schemaResult: ByteBuffer? {
        if let bytes = replies.schema { return bytes }
        replies.schema = encodeResult(.schema(ParamsSchema.schemaInfo))
        return replies.schema
    }

    /// Answers an `export`: the text written once per parameters in force, format, offset
    /// and options (the last ``ReplyCache/maximumExports`` kept).
    func answerExport(_ format: ExportFormat, at offset: Double, options: ExportOptions, for requester: Requester) {
        let key = ReplyCache.ExportKey(
            origin: ExportOrigin(
                version: session.version, revision: session.revision, path: session.path, source: session.source),
            format: format, offset: offset, options: options)
        if let bytes = replies.export(key) { return answer(requester, withEncoded: bytes) }
        let reply = exportText(format, at: offset, options: options)
        guard case .success(let result) = reply, let bytes = encodeResult(result) else {
            return answer(requester, with: reply)
        }
        replies.keep(bytes, for: key)
        answer(requester, withEncoded: bytes)
    }
}

/// The replies the hub keeps written (Hub+Replies.swift).
struct ReplyCache {
    /// Exports kept: the newest this many (offsets and options vary; the parameters in force
    /// are part of the key, so a new revision's exports push out the old ones).
    static let maximumExports = 8

    struct ExportKey: Equatable {
        var origin: ExportOrigin
        var format: ExportFormat
        var offset: Double
        var options: ExportOptions
    }

    var schema: ByteBuffer?
    private var exports: [(key: ExportKey, bytes: ByteBuffer)] = []

    func export(_ key: ExportKey) -> ByteBuffer? {
        exports.last { $0.key == key }?.bytes
    }

    mutating func keep(_ bytes: ByteBuffer, for key: ExportKey) {
        exports.removeAll { $0.key.origin != key.origin }
        exports.append((key, bytes))
        if exports.count > Self.maximumExports { exports.removeFirst() }
    }
}
