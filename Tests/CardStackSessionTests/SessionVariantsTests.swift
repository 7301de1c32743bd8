import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// `set_variants`: a client's grid of parameter sets, driven by the daemon's commands and
/// ticks on one clock (docs/protocol.md, section 4.1).
@Suite struct SessionVariantsTests {
    static func durations(_ values: [Double]) -> VariantsRequest {
        VariantsRequest(cells: values.map { .object([("animation", .object([("duration", .number($0))]))]) })
    }

    @Test func everyCellStartsTheMoveAtTheSameTimeAndEndsOnItsOwnSetsFrames() throws {
        var session = try SessionTests.session("[layout]\nwrap = false\n")
        let grid = try SessionTests.join(&session)
        let other = try SessionTests.join(&session)
        _ = session.apply(.subscribe([.frame]), from: grid, at: 0)
        _ = session.apply(.subscribe([.frame]), from: other, at: 0)
        let (reply, _) = session.apply(.setVariants(Self.durations([0.2, 0.5, 1])), from: grid, at: 0.5)
        guard case .variants(let info) = try SessionTests.ok(reply) else {
            Issue.record("set_variants answers with the cells' sets")
            return
        }
        #expect(info.cells.map(\.params.animation.duration) == [0.2, 0.5, 1])
        _ = session.apply(.next(count: 1), from: other, at: 1)
        var event = session.frameEvent(for: grid)
        let first = try #require(event.variants)
        #expect(first.map(\.time) == [1, 1, 1])
        #expect(session.frameEvent(for: other).variants == nil)
        // Tick to rest: the longest cell moves on alone after the daemon's own move ends.
        var onlyCells = 0
        var seqs = first.map(\.seq)
        while let due = session.tickDue {
            let effects = session.tick(at: due)
            let gridFrame = Effect.publishGridFrame(to: grid, nextComing: session.tickDue != nil)
            if SessionTests.frames(effects).isEmpty, effects.contains(gridFrame) {
                onlyCells += 1
            }
            event = session.frameEvent(for: grid)
            for (i, cell) in try #require(event.variants).enumerated() {
                let parameters = info.cells[i].params
                #expect(cell.frame == Layout.frame(parameters, offset: cell.frame.offset))
                // A cell still moving was laid out at this tick; one at rest keeps its last frame.
                #expect(cell.seq == seqs[i] ? cell.time < due : cell.time == due)
                seqs[i] = cell.seq
            }
        }
        #expect(onlyCells > 0)
        let last = try #require(event.variants)
        #expect(last.allSatisfy { $0.frame.offset == session.offset })
    }

    @Test func aGridOverSixteenCellsIsRefusedAndTheClearedGridLeavesFramesAsTheyWere() throws {
        var session = try SessionTests.session()
        let client = try SessionTests.join(&session)
        let spacings = JSONValue.array((1...100).map { .integer(Int64($0)) })
        let durations = JSONValue.array((1...100).map { .number(Double($0) / 100) })
        let line = Self.request([("layout.spacing", spacings), ("animation.duration", durations)])
        guard case .failure(let failure) = Request.parse(object: line) else {
            Issue.record("a 100 × 100 grid is refused")
            return
        }
        #expect(failure.error.code == .invalidArgument)
        #expect(failure.error.message.contains("100 × 100 grid is 10000 cells"))
        _ = try SessionTests.ok(session.apply(.setVariants(Self.durations([0.2, 0.4])), from: client, at: 0).reply)
        #expect(session.hasGrid(client))
        _ = try SessionTests.ok(session.apply(.setVariants(VariantsRequest(cells: [])), from: client, at: 0).reply)
        #expect(!session.hasGrid(client))
        #expect(session.frameEvent(for: client) == session.frameEvent)
    }

    @Test func aCellThatDoesNotValidateIsNamed() throws {
        var session = try SessionTests.session()
        let client = try SessionTests.join(&session)
        let request = VariantsRequest(cells: [.object([]), .object([("layout", .object([("spacing", .number(-5))]))])])
        let (reply, _) = session.apply(.setVariants(request), from: client, at: 0)
        guard case .failure(let error) = try #require(reply) else {
            Issue.record("a negative spacing is refused")
            return
        }
        #expect(error.message.hasPrefix("set_variants: cell 1:"))
        #expect(!session.hasGrid(client))
    }

    @Test func newValuesInForceRebaseTheCellsAndTellTheirClient() throws {
        var session = try SessionTests.session()
        let client = try SessionTests.join(&session)
        _ = session.apply(.setVariants(Self.durations([0.2, 0.4])), from: client, at: 0)
        let spacing = JSONValue.object([("layout", .object([("spacing", .number(44))]))])
        let (_, effects) = session.apply(.setParams(spacing), from: client, at: 1)
        #expect(effects.contains(.sendVariants(to: client)))
        let info = session.variantsInfo(of: client)
        #expect(info.cells.map(\.params.layout.spacing) == [44, 44])
        #expect(info.cells.map(\.params.animation.duration) == [0.2, 0.4])
    }

    @Test func theVaryFormIsEveryCombinationFirstKeyAcross() throws {
        let line = Self.request([
            ("layout.spacing", .array([.integer(20), .integer(30)])),
            ("animation.duration", .array([.number(0.2), .number(0.4), .number(0.6)])),
        ])
        let request = try Request.parse(object: line).get()
        guard case .setVariants(let grid) = request.command else {
            Issue.record("set_variants")
            return
        }
        #expect(grid.columns == 2)
        #expect(grid.cells.count == 6)
        #expect(grid.cells[1]["layout"]?["spacing"] == .integer(30))
        #expect(grid.cells[2]["animation"]?["duration"] == .number(0.4))
    }

    /// `{"cmd":"set_variants","vary":{…}}`.
    static func request(_ axes: [(key: String, value: JSONValue)]) -> JSONValue {
        .object([("cmd", .string("set_variants")), ("vary", .object(axes))])
    }
}
