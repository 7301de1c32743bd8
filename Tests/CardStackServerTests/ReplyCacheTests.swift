import CardStackParams
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackServer

/// `get_schema` and `export` answered from text written once per parameters in force (issue
/// 44 §10): the same bytes as a reply written whole, and nothing stale after a change.
@Suite struct ReplyCacheTests {
    @Test func theSchemaReplyIsTheBytesOfOneWrittenWhole() throws {
        let connection = try ClientHandlerTests.Connection()
        _ = try connection.writes()
        try connection.write(
            "{\"cmd\":\"get_schema\",\"id\":7}\n{\"cmd\":\"get_schema\",\"id\":\"s\"}\n{\"cmd\":\"get_schema\"}\n")
        // A turn ends past its share of bytes: the replies may take a few turns.
        var lines = try connection.lines()
        for _ in 0..<3 where lines.count < 3 {
            connection.channel.embeddedEventLoop.run()
            lines += try connection.lines()
        }
        let whole = { (id: RequestID?) in
            String(
                decoding: try WireJSON.encode(Reply(id: id, result: CommandResult.schema(ParamsSchema.schemaInfo))),
                as: UTF8.self)
        }
        #expect(lines == [try whole(.integer(7)), try whole(.string("s")), try whole(nil)])
    }

    @Test func anExportIsWrittenOncePerParametersAndAnsweredAgainAlike() throws {
        let connection = try ClientHandlerTests.Connection()
        _ = try connection.writes()
        let ask = "{\"cmd\":\"export\",\"format\":\"swift\",\"id\":1}\n"
        try connection.write(ask + ask)
        // Each over a turn's share of bytes: the second is answered on the next turn.
        var first = try connection.lines()
        connection.channel.embeddedEventLoop.run()
        first += try connection.lines()
        #expect(first.count == 2 && first[0] == first[1] && first[0].contains("\"ok\":true,\"result\":"))
        // A new revision: the text is written again, for the new values.
        try connection.write("{\"cmd\":\"set_params\",\"params\":{\"layout\":{\"spacing\":41.5}},\"id\":2}\n" + ask)
        connection.channel.embeddedEventLoop.run()
        let after = try connection.lines().filter { $0.hasPrefix("{\"id\":1,") }
        #expect(after.count == 1 && after[0] != first[0] && after[0].contains("41.5"))
    }
}
