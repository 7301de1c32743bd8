import CardLayout
import CardStackProtocol
import CardStackWire
import Testing

/// ``ParamsWireCache``: a `params` event or reply that copies the tables of the set written
/// before is byte for byte the one written whole, whichever tables change, in any order,
/// back and forth, and after a set that could not be written.
@Suite struct ParamsWireCacheTests {
    /// Sets that each change a key of one table, several tables, or go back to an earlier set.
    static var sets: [Parameters] {
        var out = [Parameters()]
        var p = Parameters()
        p.layout.spacing = 31.25
        out.append(p)
        p.card.titles = ["a \"quoted\" title", "ünïcödé ✓"]
        p.card.cornerRadius = 12
        out.append(p)
        p.viewport.width = 1024.5
        p.animation.spring = Spring(dampingRatio: 0.7, response: 0.4)
        out.append(p)
        p.carousel.tilt = 0.4
        p.carousel.fadeMax = .infinity
        p.scroll.model = .icarousel
        out.append(p)
        p.reduced.animation.duration = 0.2
        p.reduced.layout.m34 = 0
        out.append(p)
        p.layout.style = .coverflow
        p.layout.spacing = 30
        out.append(p)
        out.append(Parameters())
        out.append(p)
        return out
    }

    func expectSameBytes(_ params: Parameters, _ cache: inout ParamsWireCache, revision: Int) throws {
        let info = ParamsInfo(revision: revision, source: .set, path: "/tmp/c.toml", params: params, error: nil)
        let event = ServerMessage.params(info)
        #expect(try WireJSON.encode(event, reusing: &cache) == (try WireJSON.encode(event)))
        let reply = ServerMessage.reply(Reply(id: .integer(Int64(revision)), result: CommandResult.params(info)))
        #expect(try WireJSON.encode(reply, reusing: &cache) == (try WireJSON.encode(reply)))
    }

    @Test func aKeptTableIsTheBytesAWholeWriteGives() throws {
        var cache = ParamsWireCache()
        for (i, params) in Self.sets.enumerated() {
            try expectSameBytes(params, &cache, revision: i)
            // Twice in a row: every table copied.
            try expectSameBytes(params, &cache, revision: i)
        }
        for (i, params) in Self.sets.reversed().enumerated() {
            try expectSameBytes(params, &cache, revision: 100 + i)
        }
    }

    @Test func aSetThatCannotBeWrittenKeepsNothingOfIt() throws {
        var cache = ParamsWireCache()
        var p = Parameters()
        try expectSameBytes(p, &cache, revision: 1)
        var broken = p
        broken.card.width = .nan
        broken.layout.spacing = 44
        let info = ParamsInfo(revision: 2, source: .set, path: nil, params: broken, error: nil)
        #expect(throws: EncodingError.self) { try WireJSON.encode(ServerMessage.params(info), reusing: &cache) }
        // The layout table was written before the card's width threw: it must not be kept
        // for a set whose layout is the first one's.
        try expectSameBytes(p, &cache, revision: 3)
        p.layout.spacing = 44
        try expectSameBytes(p, &cache, revision: 4)
    }
}

/// The reply to `set_params` (and the others answering with the parameters in force) is
/// written by hand, envelope and all: the bytes `Reply`'s `Codable` conformance writes.
@Suite struct ParamsReplyTests {
    @Test(arguments: [RequestID.integer(4), .integer(-9_007_199_254_740_993), .string("a \"quoted\" id"), nil])
    func theEnvelopeIsCodables(id: RequestID?) throws {
        var info = ParamsInfo(revision: 3, source: .set, path: nil, params: ParamsWireCacheTests.sets[2], error: nil)
        info.unsaved = ["layout.spacing"]
        let fields = String(decoding: try WireJSON.encode(info), as: UTF8.self)
        let idText = String(
            decoding: try WireJSON.encode(ServerMessage.reply(Reply<CommandResult>(id: id))), as: UTF8.self
        )
        .dropFirst(6).prefix { $0 != "," }
        let written = String(
            decoding: try WireJSON.encode(Reply(id: id, result: CommandResult.params(info))), as: UTF8.self)
        #expect(written == #"{"id":"# + idText + #","ok":true,"result":"# + fields + "}")
        // Through `ServerMessage` (the generic path) the same bytes.
        let generic = try WireJSON.encode(ServerMessage.reply(Reply(id: id, result: CommandResult.params(info))))
        #expect(written == String(decoding: generic, as: UTF8.self))
        // Any other result still goes through `Codable`.
        let empty = String(decoding: try WireJSON.encode(Reply(id: id, result: CommandResult.empty)), as: UTF8.self)
        #expect(empty == #"{"id":"# + idText + #","ok":true,"result":{}}"#)
    }
}
