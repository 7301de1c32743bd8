import CardStackClient
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackViewer

@Suite struct TuningKeysTests {
    @Test func saveUndoRedoKeys() {
        var decoder = KeyDecoder()
        let map = KeyMap(spacing: 30, cards: 11)
        #expect(
            decoder.feed(Array("wuU".utf8)).compactMap(map.action) == [
                .send(.tuning(.save)), .send(.tuning(.undo)), .send(.tuning(.redo)),
            ])
        #expect(KeyMap.help.contains { $0.keys == "w" && $0.action.contains("(save)") })
    }

    @Test func aSaveReplyIsShownAndAConflictToo() {
        var state = ViewerState()
        let line =
            #"{"id":"view-save","ok":true,"result":{"path":"/p.toml","written":true,"changed":["layout.spacing"]}}"#
        let saved = try! WireJSON.decode(ServerMessage.self, from: Array(line.utf8), requests: ViewerState.requests)
        state.receive(saved, now: 1)
        #expect(state.activeNotice(now: 2) == "saved layout.spacing")
        state.receive(
            .reply(Reply(id: ViewerState.saveRequestID, error: WireError(.conflict, "changed on disk"))), now: 3)
        #expect(state.activeNotice(now: 4) == "conflict: changed on disk")
    }

    @Test func tuningRequestsRoundTrip() throws {
        let commands: [TuningCommand] = [
            .save, .history, .undo, .redo, .preset(name: "coverflow"), .preset(name: nil),
            .export(.swift, offset: nil), .export(.css, offset: 15.5),
            .export(.swift, offset: -40, options: ExportOptions(name: "Checkout")),
            .export(.css, offset: 30, options: ExportOptions(animate: .next)),
            .export(.tokens, offset: nil, options: ExportOptions(animate: .fling(velocity: -1500))),
            .export(.css, offset: nil, options: ExportOptions(animate: .prev)),
        ]
        for command in commands {
            let line = try WireJSON.encode(Request(id: .integer(1), .tuning(command)))
            #expect(try Request.parse(line).get() == Request(id: .integer(1), .tuning(command)))
        }
        #expect(!TuningCommand.isValidPresetName("../etc") && !TuningCommand.isValidPresetName(".hidden"))
        #expect(TuningCommand.isValidPresetName("zoom_flow-2"))
    }

    @Test func exportOptionsAreCheckedWhereTheyAreParsed() {
        func error(_ args: String) -> String? {
            guard case .failure(let e) = Request.parse(Array(#"{"id":1,"cmd":"export"\#(args)}"#.utf8)) else {
                return nil
            }
            return e.error.message
        }
        #expect(error(#","format":"swift","name":"9lives""#)?.contains("ASCII letter") == true)
        #expect(error(#","format":"css","name":"Checkout""#)?.contains("names the types of a swift export") == true)
        #expect(error(#","format":"swift","animate":"next""#)?.contains("css and tokens") == true)
        #expect(error(#","format":"css","animate":"fling:""#)?.contains("fling:V") == true)
        #expect(error(#","format":"css","animate":"fling:1e400""#)?.contains("fling:V") == true)
        #expect(error(#","format":"tokens","animate":"fling:-1500""#) == nil)
        #expect(ExportAnimation(text: "fling:-1500") == .fling(velocity: -1500))
        #expect(
            ExportOptions.isValidName("Checkout_2") && !ExportOptions.isValidName("Check-out")
                && !ExportOptions.isValidName(""))
    }
}
