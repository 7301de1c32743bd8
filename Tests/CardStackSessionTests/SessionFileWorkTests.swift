import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// `save`, `preset` and `export`: the session asks its driver for the file work or the text
/// with an effect, and answers from the outcome handed back.
@Suite struct SessionFileWorkTests {
    @Test func saveAsksTheDriverToWriteWhatDiffersAndAnswersWithItsOutcome() throws {
        let file = "# spacing\n[layout]\nspacing = 40\n"
        let (tree, resolved) = try ParamsDocument.load(Array(file.utf8))
        var session = Session(
            version: "test", path: "/tmp/cards.toml", initial: .loaded(tree: tree, resolved: resolved),
            loadedBytes: Array(file.utf8))
        _ = session.apply(.setParams(.object([("layout", .object([("spacing", .integer(50))]))])), from: 1, at: 1)
        let (reply, effects) = session.apply(.tuning(.save), from: 1, request: .integer(7), at: 2)
        #expect(reply == nil)
        let requester = Requester(client: 1, request: .integer(7))
        guard case .save(let plan, let to)? = effects.first, effects.count == 1 else {
            Issue.record("save asked for no file work: \(effects)")
            return
        }
        #expect(to == requester)
        #expect(plan.path == "/tmp/cards.toml")
        #expect(plan.expected == Array(file.utf8))
        #expect(String(decoding: plan.bytes, as: UTF8.self) == "# spacing\n[layout]\nspacing = 50\n")
        #expect(plan.changed == ["layout.spacing"])
        // The driver wrote it: the reply says so, and the next save expects the new bytes.
        let (done, caused) = session.finishSave(
            plan, outcome: .success(.written("/tmp/cards.toml")), for: requester, at: 3)
        #expect(
            try done.get() == .saved(SaveResult(path: "/tmp/cards.toml", written: true, changed: ["layout.spacing"])))
        #expect(caused == [.log(.info, "saved layout.spacing into /tmp/cards.toml")])
        #expect(session.loadedBytes == plan.bytes)
        let (_, again) = session.apply(.tuning(.save), from: 1, at: 4)
        guard case .save(let second, _)? = again.first else {
            Issue.record("the second save asked for no file work")
            return
        }
        #expect(second.bytes == second.expected)
        #expect(second.changed == [])
        // A conflict found by the driver is the reply, and nothing is recorded.
        let conflict = WireError(.conflict, "save: the file changed")
        let (refused, none) = session.finishSave(second, outcome: .failure(conflict), for: requester, at: 5)
        #expect(throws: WireError.self) { try refused.get() }
        #expect(none.isEmpty)
    }

    @Test func saveWithoutAFileOrGoodContentIsRefusedWithoutFileWork() throws {
        var session = Session(version: "test", path: nil, initial: .removed)
        let (reply, effects) = session.apply(.tuning(.save), from: 0, at: 0)
        #expect(throws: WireError.self) { try SessionTests.ok(reply) }
        #expect(effects.isEmpty)
        var unloaded = try SessionTests.session()
        let (conflict, none) = unloaded.apply(.tuning(.save), from: 0, at: 0)
        #expect(conflict.map { (try? $0.get()) == nil } == true)
        #expect(none.isEmpty)
    }

    @Test func presetAsksTheDriverToReadItAndPutsWhatItFoundInForce() throws {
        var session = try SessionTests.session()
        let (reply, effects) = session.apply(.tuning(.preset(name: "coverflow")), from: 2, request: .integer(1), at: 0)
        #expect(reply == nil)
        let requester = Requester(client: 2, request: .integer(1))
        #expect(effects == [.readPreset(name: "coverflow", for: requester)])
        let (tree, resolved) = try ParamsDocument.load(Array("[layout]\nstyle = \"coverflow\"\n".utf8))
        let (done, caused) = session.finishPreset(
            .success(.loaded(tree: tree, parameters: resolved.parameters)), for: requester, at: 1)
        guard case .params(let info) = try done.get() else {
            Issue.record("preset's reply is not the parameters in force")
            return
        }
        #expect(info.source == .preset)
        #expect(session.parameters.layout.style == .coverflow)
        #expect(caused.contains(.publishParams))
        let list = PresetList(presets: [PresetInfo(name: "stack", path: "/p/stack.toml")], directories: ["/p"])
        let (listed, nothing) = session.finishPreset(.success(.list(list)), for: requester, at: 2)
        #expect(try listed.get() == .presets(list))
        #expect(nothing.isEmpty)
    }

    @Test func exportAsksTheDriverForItsTextAtTheOffsetInForce() throws {
        var session = try SessionTests.session()
        let client = try SessionTests.join(&session)
        _ = session.apply(.scroll(by: 12), from: client, at: 0)
        let options = ExportOptions(name: "Checkout")
        let (reply, effects) = session.apply(
            .tuning(.export(.swift, offset: nil, options: options)), from: client, request: .integer(3), at: 1)
        #expect(reply == nil)
        let requester = Requester(client: client, request: .integer(3))
        #expect(effects == [.export(.swift, at: session.offset, options: options, for: requester)])
        #expect(session.offset == 12)
        let (_, at40) = session.apply(.tuning(.export(.css, offset: 40, options: options)), from: client, at: 2)
        #expect(at40 == [.export(.css, at: 40, options: options, for: Requester(client: client, request: nil))])
    }
}
