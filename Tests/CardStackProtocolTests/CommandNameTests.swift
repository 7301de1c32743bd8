import CardStackProtocol
import CardStackWire
import Foundation
import Testing

/// Command names are spelled once (`Command.Name`): parsing accepts exactly them, every
/// command value names itself with one, and the docs list them all.
@Suite struct CommandNameTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: Command.Name.allCases)
    func everyNameParsesToACommandOfThatName(_ name: Command.Name) throws {
        // The smallest arguments each command accepts.
        let arguments: [Command.Name: String] = [
            .setParams: #","params":{}"#, .scroll: #","by":1"#, .scrollTo: #","offset":1"#,
            .fling: #","velocity":1"#, .drag: #","phase":"began""#, .move: #","from":0,"to":1"#, .remove: #","item":0"#,
            .insert: #","at":0,"title":"x""#, .preset: #","name":"p""#, .export: #","format":"json""#,
            .open: #","item":0"#,
        ]
        let line = #"{"cmd":""# + name.rawValue + #"""# + (arguments[name] ?? "") + "}"
        let request = try Request.parse(Array(line.utf8)).get()
        #expect(request.command.kind == name)
        #expect(request.command.name == name.rawValue)
    }

    @Test func unknownNamesListTheKnownOnes() {
        guard case .failure(let failure) = Request.parse(Array(#"{"cmd":"dance"}"#.utf8)) else {
            Issue.record("dance is no command")
            return
        }
        #expect(failure.error.code == .unknownCommand)
        #expect(failure.error.message.hasSuffix(Command.names.joined(separator: ", ")))
    }

    // The README is one page that links docs/protocol.md, where every command is described.
    @Test(arguments: ["docs/protocol.md"])
    func theDocsNameEveryCommand(_ file: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
        let missing = Command.names.filter { !text.contains("`\($0)`") }
        #expect(missing.isEmpty, "\(file) does not describe \(missing)")
    }
}
