import CardStackProtocol
import Testing

/// Event names are spelled once (`EventName`): every server event writes its name from
/// there, and what a client subscribes to is named by it.
@Suite struct EventNameTests {
    @Test func theWireNamesAreTheDocumentedOnes() {
        #expect(
            EventName.allCases.map(\.rawValue) == [
                "hello", "frame", "params", "config_error", "state", "bye", "variants", "bridge",
            ])
        #expect(EventKind.allCases.map(\.rawValue) == ["frame", "params", "config_error", "state"])
    }

    @Test(arguments: EventKind.allCases)
    func everyKindIsItsNamesKind(_ kind: EventKind) {
        #expect(EventKind(rawValue: kind.name.rawValue) == kind)
    }

    @Test func everyServerEventIsNamedAndNoneIsTheBridges() {
        let events: [ServerMessage] = [
            .hello(Hello(version: "1", revision: 1)), .bye(reason: "r"),
            .configError(ConfigError(path: nil, line: nil, column: nil, key: nil, message: "m")),
        ]
        #expect(events.map(\.event) == [.hello, .bye, .configError])
        #expect(events.map(\.eventName) == ["hello", "bye", "config_error"])
        #expect(EventKind(rawValue: EventName.bridge.rawValue) == nil)
    }
}
