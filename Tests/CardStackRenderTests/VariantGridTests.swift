import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackRender

/// `--vary` and `--transition` as values: the specs read, the 4 × 4 bound, the combinations
/// laid out row by row and each cell's frames from the session code; no files, no daemon.
@Suite struct VariantGridTests {
    /// What `body` throws, as the user reads it; nil when it throws nothing.
    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? VariantError)?.description ?? "not a VariantError: \(error)"
        }
    }

    @Test func aListARangeAndBracketedValues() throws {
        let list = try VariantGrid.axis("layout.spacing=20, 30 ,40")
        #expect(list.path == ["layout", "spacing"])
        #expect(list.values.map(\.label) == ["20", "30", "40"])
        #expect(list.values.map(\.value) == [.integer(20), .integer(30), .integer(40)])
        let range = try VariantGrid.axis("layout.spacing=20..40/3")
        #expect(range.values.map(\.value) == [.number(20), .number(30), .number(40)])
        #expect(VariantGrid.split("flip_range=[1,1.2],[1,1.4]") == ["flip_range=[1,1.2]", "[1,1.4]"])
    }

    @Test func aShortKeyIsFoundWhenItIsUnique() throws {
        #expect(try VariantGrid.keyPath("spacing") == ["layout", "spacing"])
        let unknown = message { _ = try VariantGrid.keyPath("spacingg") }
        #expect(unknown?.hasPrefix("--vary: unknown key spacingg") == true)
        let spring = message { _ = try VariantGrid.keyPath("bounce") }
        #expect(spring?.contains("animation.spring.bounce") == true)
    }

    @Test func malformedSpecsSayWhatIsExpected() {
        #expect(message { _ = try VariantGrid.axis("spacing") }?.contains("KEY=V1,V2") == true)
        #expect(message { _ = try VariantGrid.axis("spacing=1..2/x") }?.contains("FROM..TO/COUNT") == true)
        #expect(message { _ = try VariantGrid.axis("spacing=1..2/17") }?.contains("COUNT must be 2 to 16") == true)
        #expect(message { _ = try VariantGrid.axis("spacing=1,,2") }?.contains("an empty value") == true)
    }

    @Test func theGridIsAtMostFourByFour() {
        #expect(message { _ = try VariantGrid(["spacing=1,2,3,4", "layout.cards=3,4,5,6"]) } == nil)
        #expect(message { _ = try VariantGrid(["spacing=1,2,3,4,5", "layout.cards=3,4"]) }?.contains("5 × 2") == true)
        #expect(message { _ = try VariantGrid(["spacing=1..2/16"]) } == nil)
        #expect(message { _ = try VariantGrid(["a.b=1", "c.d=1", "e.f=1"]) }?.contains("at most two keys") == true)
    }

    @Test func theFirstKeyRunsAcrossEachRow() throws {
        let grid = try VariantGrid(["spacing=10,20,30", "layout.cards=3,4"])
        #expect(grid.columns == 3)
        let labels = grid.combinations(over: ParamNode(json: .object([]))).map(\.label)
        #expect(
            labels == [
                "spacing=10, layout.cards=3", "spacing=20, layout.cards=3",
                "spacing=30, layout.cards=3", "spacing=10, layout.cards=4",
                "spacing=20, layout.cards=4", "spacing=30, layout.cards=4",
            ])
    }

    @Test func eachCellHasItsSetAndItsFrames() throws {
        let grid = try VariantGrid(["spacing=10,40"])
        let cells = try grid.cells(over: ParamNode(json: .object([])), command: .next(count: 1), offset: 0)
        #expect(cells.map(\.parameters.layout.spacing) == [10, 40])
        #expect(cells.allSatisfy { $0.frames.count > 1 })
        #expect(cells[0].values.map(\.key) == ["layout.spacing"] && cells[0].values.map(\.value) == ["10"])
    }

    @Test func aVariantOutOfRangeNamesItself() throws {
        let grid = try VariantGrid(["spacing=-5"])
        let error = message {
            _ = try grid.cells(over: ParamNode(json: .object([])), command: .next(count: 1), offset: 0)
        }
        #expect(error?.hasPrefix("the variant spacing=-5: ") == true)
    }

    @Test func transitions() throws {
        #expect(try TransitionChoice.command("next") == .next(count: 1))
        #expect(try TransitionChoice.command("fling:-900") == .fling(velocity: -900))
        #expect(try TransitionChoice.command("open 2") == .open(item: 2))
        #expect(message { _ = try TransitionChoice.command("fling:1e9") }?.hasPrefix("--transition fling:1e9") == true)
    }
}
