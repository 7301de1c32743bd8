import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@Suite struct ParamsSaverTests {
    func save(_ text: String, _ change: (inout Parameters) -> Void) throws -> (String, [String]) {
        var target = try ParamsDocument.parameters(from: Array(text.utf8)).parameters
        change(&target)
        let (bytes, changed) = try ParamsSaver.save(Array(text.utf8), as: target)
        return (String(decoding: bytes, as: UTF8.self), changed)
    }

    @Test func replacesOnlyTheValueAndKeepsTheRestOfTheLine() throws {
        let text = "# head\n\n[layout]\n  spacing   =   30   # pitch\nm34 = -0.0005\n"
        let (out, changed) = try save(text) { $0.layout.spacing = 42.5 }
        #expect(out == "# head\n\n[layout]\n  spacing   =   42.5   # pitch\nm34 = -0.0005\n")
        #expect(changed == ["layout.spacing"])
    }

    @Test func wholeNumbersFollowTheKeysType() throws {
        let (out, _) = try save("[layout]\ncards = 11\nspacing = 30.0\n") {
            $0.layout.cards = 12
            $0.layout.spacing = 40
            $0.animation.fps = 30
            $0.layout.m34 = -0.001
        }
        #expect(out == "[layout]\ncards = 12\nspacing = 40.0\nm34 = -0.001\n\n[animation]\nfps = 30\n")
    }

    @Test func aMissingKeyGoesUnderItsCommentedLineOrAfterTheTablesLastKey() throws {
        let text =
            "[layout]\n# wrap = true\nspacing = 30.0\n\n# cards\n[card]\nwidth = 280.0\n\n# viewport next\n[viewport]\n"
        let (out, _) = try save(text) {
            $0.layout.wrap = false
            $0.card.titles = ["a \"b\"", "c\\d"]
            $0.viewport.width = 320
        }
        #expect(
            out == """
                [layout]
                # wrap = true
                wrap = false
                spacing = 30.0

                # cards
                [card]
                width = 280.0
                titles = ["a \\"b\\"", "c\\\\d"]

                # viewport next
                [viewport]
                width = 320.0

                """)
    }

    @Test func multiLineValuesAndInfinityAndRemoval() throws {
        let text =
            "[card]\ntitles = [\n  \"a\",  # first\n  \"b\",\n]\n# after\n[carousel]\ntilt = 0.5 # mine\nfade_min = -inf\n"
        var p = try ParamsDocument.parameters(from: Array(text.utf8)).parameters
        p.card.titles = ["x"]
        p.carousel.tilt = nil
        p.carousel.fadeMax = .infinity
        let (bytes, changed) = try ParamsSaver.save(Array(text.utf8), as: p)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "[card]\ntitles = [\"x\"]\n# after\n[carousel]\nfade_min = -inf\nfade_max = inf\n")
        #expect(changed == ["card.titles", "carousel.fade_max", "carousel.tilt"])
    }

    @Test func theStyleGoesFirstSoStyleDefaultsStayLeftOut() throws {
        let (out, changed) = try save("[layout]\nstyle = \"stack\"\n# wrap = true\n") {
            $0.layout.style = .coverflow
            $0.layout.wrap = false
            $0.card.anchor = [0.5, 0.5]
        }
        #expect(out == "[layout]\nstyle = \"coverflow\"\n# wrap = true\n")
        #expect(changed == ["layout.style"])
    }

    @Test func rootDottedKeysCRLFAndNoFinalNewline() throws {
        let (out, _) = try save("layout.spacing = 30\r\nlayout.cards = 11") { $0.layout.scaleStep = 0.2 }
        #expect(out == "layout.spacing = 30\r\nlayout.cards = 11\r\nlayout.scale_step = 0.2\r\n")
        let (crlf, _) = try save("[layout]\r\nspacing = 30.0\r\n") { $0.layout.spacing = 31 }
        #expect(crlf == "[layout]\r\nspacing = 31.0\r\n")
    }

    @Test func aMultiLineArrayKeepsItsCommentsWhenItsCountStays() throws {
        let text = "[layout]\nflip_range = [\n    1.0, # first\n    1.1 # second\n]\nspacing = 30.0\n"
        let (out, changed) = try save(text) { $0.layout.flipRange = [2.5, 3.0] }
        #expect(out == "[layout]\nflip_range = [\n    2.5, # first\n    3.0 # second\n]\nspacing = 30.0\n")
        #expect(changed == ["layout.flip_range"])
        // A trailing comma, comments before the first element and between element and comma.
        let odd = "[layout]\nflip_range = [ # range\n  1.0 # a\n  , 1.1, # b\n] # after\n"
        let (oddOut, _) = try save(odd) { $0.layout.flipRange = [1.25, 4.0] }
        #expect(oddOut == "[layout]\nflip_range = [ # range\n  1.25 # a\n  , 4.0, # b\n] # after\n")
    }

    @Test func anArrayWhoseCountChangesIsWrittenWhole() throws {
        let text = "[card]\ntitles = [\n  \"a, ]#\", # one\n  'b' # two\n]\n"
        let (out, _) = try save(text) { $0.card.titles = ["x", "y", "z"] }
        #expect(out == "[card]\ntitles = [\"x\", \"y\", \"z\"]\n")
        let (same, _) = try save(text) { $0.card.titles = ["c", "d"] }
        #expect(same == "[card]\ntitles = [\n  \"c\", # one\n  \"d\" # two\n]\n")
    }

    @Test func anInlineTableIsRefusedWithAHint() throws {
        #expect(throws: ParamsError.self) {
            _ = try save("layout = { spacing = 30 }\n") { $0.layout.spacing = 31 }
        }
    }

    @Test func nothingChangesWhenTheFileHoldsTheValues() throws {
        let text = "# only comments\n"
        let (out, changed) = try save(text) { _ in }
        #expect(out == text && changed.isEmpty)
    }
}

@Suite struct ParamsHistoryTests {
    func params(spacing: Double) -> Parameters {
        var p = Parameters()
        p.layout.spacing = spacing
        return p
    }

    @Test func undoRedoAndANewBranch() {
        var h = ParamsHistory()
        h.record(revision: 1, source: .file, time: 10, tree: .emptyTable, parameters: params(spacing: 30))
        h.record(revision: 2, source: .set, time: 11, tree: .emptyTable, parameters: params(spacing: 40))
        h.record(revision: 3, source: .set, time: 12, tree: .emptyTable, parameters: params(spacing: 50))
        #expect(h.undo(revision: 4, time: 13)?.parameters.layout.spacing == 40)
        #expect(h.undo(revision: 5, time: 14)?.parameters.layout.spacing == 30)
        #expect(h.undo(revision: 6, time: 15) == nil)
        #expect(h.redo(revision: 6, time: 15)?.parameters.layout.spacing == 40)
        #expect(h.canRedo)
        h.record(revision: 7, source: .preset, time: 16, tree: .emptyTable, parameters: params(spacing: 60))
        #expect(!h.canRedo)
        #expect(h.steps.map(\.parameters.layout.spacing) == [30, 40, 60])
        #expect(h.log.map(\.source) == [.file, .set, .set, .undo, .undo, .undo, .preset])
        #expect(
            h.log.map(\.changed) == [
                [], ["layout.spacing"], ["layout.spacing"], ["layout.spacing"], ["layout.spacing"], ["layout.spacing"],
                ["layout.spacing"],
            ])
        #expect(h.log.filter(\.current).map(\.revision) == [7])
    }

    @Test func theSameValuesAgainReplaceTheStep() {
        var h = ParamsHistory()
        h.record(revision: 1, source: .file, time: 0, tree: .emptyTable, parameters: params(spacing: 30))
        h.record(revision: 2, source: .set, time: 1, tree: .emptyTable, parameters: params(spacing: 40))
        h.record(revision: 3, source: .file, time: 2, tree: .emptyTable, parameters: params(spacing: 40))
        // The reload after a save takes the saved set's row: no row that changes nothing.
        #expect(h.steps.count == 2 && h.log.count == 2)
        #expect(h.log.map(\.revision) == [1, 3] && h.log.map(\.source) == [.file, .file])
        #expect(h.log[1].changed == ["layout.spacing"] && h.log[1].current && h.log[1].time == 2)
        #expect(h.undo(revision: 4, time: 3)?.parameters.layout.spacing == 30)
        // A set of the values in force is a row of its own (someone asked for it), not a step;
        // it starts a new branch after the undo.
        h.record(revision: 5, source: .set, time: 4, tree: .emptyTable, parameters: params(spacing: 30))
        #expect(h.steps.count == 1 && h.log.count == 4 && h.log[3].changed.isEmpty)
    }

    @Test func keepsTheNewest100() {
        var h = ParamsHistory()
        for i in 0..<150 {
            h.record(
                revision: i + 1, source: .set, time: Double(i), tree: .emptyTable,
                parameters: params(spacing: Double(i + 1)))
        }
        #expect(h.log.count == 100 && h.steps.count == 100 && h.log.first?.revision == 51)
        #expect(h.steps.first?.parameters.layout.spacing == 51)
    }

    /// The lists drop their oldest entries in batches: nothing shows it, however long it runs.
    @Test func keepsTheNewest100WhileUndoingAndBranchingForLong() {
        var h = ParamsHistory()
        var revision = 0
        for i in 0..<450 {
            revision += 1
            h.record(
                revision: revision, source: .set, time: Double(i), tree: .emptyTable,
                parameters: params(spacing: Double(i + 1)))
            #expect(h.steps.count == min(i + 1, 100) && h.log.count == min(i + 1, 100))
            #expect(h.cursor == h.steps.count - 1 && h.log.last?.revision == revision)
        }
        #expect(h.steps.first?.parameters.layout.spacing == 351 && h.log.first?.revision == 351)
        for _ in 0..<99 {
            revision += 1
            #expect(h.undo(revision: revision, time: 0) != nil)
        }
        #expect(h.undo(revision: revision + 1, time: 0) == nil)
        #expect(h.cursor == 0 && h.canRedo && !h.canUndo)
        #expect(h.log.count == 100 && h.log.first?.revision == revision - 99)
        revision += 1
        #expect(h.redo(revision: revision, time: 0)?.parameters.layout.spacing == 352)
        revision += 1
        h.record(revision: revision, source: .preset, time: 0, tree: .emptyTable, parameters: params(spacing: 1000))
        #expect(h.steps.map(\.parameters.layout.spacing) == [351, 352, 1000])
        #expect(h.cursor == 2 && !h.canRedo && h.canUndo)
        #expect(h.log.last?.current == true && h.log.filter(\.current).count == 1)
        for i in 0..<300 {
            revision += 1
            h.record(
                revision: revision, source: .set, time: 0, tree: .emptyTable,
                parameters: params(spacing: Double(2000 + i)))
        }
        #expect(h.steps.count == 100 && h.steps.last?.parameters.layout.spacing == 2299 && h.cursor == 99)
        #expect(h.steps.first?.parameters.layout.spacing == 2200 && h.log.last?.revision == revision)
    }
}
