import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// One drag (the sets of one `gesture`) or one burst of plain sets from a client is one
/// history entry: undo goes back to the set before it, in one step. Time is passed by hand.
@Suite struct HistoryCoalescingTests {
    static func spacing(_ x: Int) -> JSONValue { .object([("layout", .object([("spacing", .integer(Int64(x)))]))]) }

    static func entries(_ session: inout Session) throws -> [HistoryEntry] {
        guard case .history(let info) = try SessionTests.ok(session.apply(.tuning(.history), from: 0, at: 0).reply)
        else { throw WireError(.internal, "history replies with the log") }
        return info.entries
    }

    @Test func aDragIsOneEntryFromTheSetBeforeItToTheOneItEndedOn() throws {
        var session = try SessionTests.session("[layout]\nspacing = 30\n")
        let page = try SessionTests.join(&session)
        // Thirty sets of one drag, seconds apart (a slow drag is still one drag).
        for (i, x) in (31...60).enumerated() {
            _ = session.apply(.setParams(Self.spacing(x), gesture: "drag-1"), from: page, at: 1 + Double(i))
        }
        #expect(session.parameters.layout.spacing == 60)
        #expect(session.revision == 31, "every set is a new revision")
        let log = try Self.entries(&session)
        #expect(
            log.count == 2 && log[1].source == .set && log[1].revision == 31 && log[1].changed == ["layout.spacing"])
        _ = session.apply(.tuning(.undo), from: page, at: 40)
        #expect(session.parameters.layout.spacing == 30, "one undo takes the whole drag back")
        _ = session.apply(.tuning(.redo), from: page, at: 41)
        #expect(session.parameters.layout.spacing == 60, "and redo puts its end back")
    }

    @Test func anotherGestureAnotherClientOrAnythingBetweenStartsANewEntry() throws {
        var session = try SessionTests.session()
        let page = try SessionTests.join(&session)
        let other = try SessionTests.join(&session)
        _ = session.apply(.setParams(Self.spacing(40), gesture: "a"), from: page, at: 1)
        _ = session.apply(.setParams(Self.spacing(41), gesture: "b"), from: page, at: 1.01)
        _ = session.apply(.setParams(Self.spacing(42), gesture: "b"), from: other, at: 1.02)
        #expect(try Self.entries(&session).count == 4)
        // An undo in between: the same gesture after it is a new branch, not the old entry.
        _ = session.apply(.tuning(.undo), from: other, at: 2)
        _ = session.apply(.setParams(Self.spacing(43), gesture: "b"), from: other, at: 2.01)
        _ = session.apply(.setParams(Self.spacing(44), gesture: "b"), from: other, at: 2.02)
        _ = session.apply(.tuning(.undo), from: other, at: 3)
        #expect(session.parameters.layout.spacing == 41)
    }

    @Test func aBurstOfPlainSetsFromOneClientIsOneEntry() throws {
        var session = try SessionTests.session("[layout]\nspacing = 30\n")
        let script = try SessionTests.join(&session)
        let window = ParamsGesture.burstWindow
        // Each within the window of the one before: one entry, however long the burst.
        for i in 0..<10 {
            _ = session.apply(.setParams(Self.spacing(31 + i)), from: script, at: 1 + Double(i) * window * 0.9)
        }
        #expect(try Self.entries(&session).count == 2)
        // Later than the window: a new entry; so is another client's set within it.
        let later = 1 + 9 * window * 0.9 + window * 1.1
        _ = session.apply(.setParams(Self.spacing(50)), from: script, at: later)
        let other = try SessionTests.join(&session)
        _ = session.apply(.setParams(Self.spacing(51)), from: other, at: later + 0.01)
        #expect(try Self.entries(&session).count == 4)
        _ = session.apply(.tuning(.undo), from: script, at: later + 1)
        _ = session.apply(.tuning(.undo), from: script, at: later + 2)
        _ = session.apply(.tuning(.undo), from: script, at: later + 3)
        #expect(session.parameters.layout.spacing == 30)
    }

    @Test func undoAfterASavedDragGoesBackToTheSetBeforeIt() throws {
        var session = try SessionTests.session("[layout]\nspacing = 30\n")
        let page = try SessionTests.join(&session)
        for (i, x) in (31...45).enumerated() {
            _ = session.apply(.setParams(Self.spacing(x), gesture: "drag"), from: page, at: 1 + Double(i) / 60)
        }
        // The save's reload: the file now holds the drag's end.
        let bytes = Array("[layout]\nspacing = 45\n".utf8)
        let (tree, resolved) = try ParamsDocument.load(bytes)
        _ = session.load(.loaded(tree: tree, resolved: resolved), bytes: bytes, at: 3)
        #expect(try Self.entries(&session).count == 2)
        // The same gesture id after the save does not join the saved entry.
        _ = session.apply(.setParams(Self.spacing(46), gesture: "drag"), from: page, at: 3.01)
        _ = session.apply(.tuning(.undo), from: page, at: 4)
        #expect(session.parameters.layout.spacing == 45)
        _ = session.apply(.tuning(.undo), from: page, at: 5)
        #expect(session.parameters.layout.spacing == 30, "the set before the drag, not one from its middle")
    }

    @Test func theGestureIsReadAndWrittenOnTheWire() throws {
        let line: JSONValue = .object([
            ("cmd", .string("set_params")), ("params", Self.spacing(40)), ("gesture", .string("page-1")),
        ])
        let request = try Request.parse(object: line).get()
        #expect(request.command == .setParams(Self.spacing(40), gesture: "page-1"))
        let bad: JSONValue = .object([
            ("cmd", .string("set_params")), ("params", Self.spacing(40)), ("gesture", .integer(3)),
        ])
        guard case .failure(let error) = Request.parse(object: bad) else {
            Issue.record("a gesture that is not a string is refused")
            return
        }
        #expect(error.error.message.contains("\"gesture\" must be a string"))
    }
}
