import CardLayout
import CardStackClient
import CardStackProtocol
import CardStackWire
import Foundation
import Testing

@Suite struct WireEncoderTests {
    func roundTrip(_ message: ServerMessage, requests: [RequestID: Command] = [:]) throws -> ServerMessage {
        let bytes = try WireJSON.encode(message)
        #expect(!bytes.contains(UInt8(ascii: "\n")))
        // Foundation reads what the wire encoder writes.
        return try WireJSON.decode(ServerMessage.self, from: bytes, requests: requests)
    }

    @Test func everyMessageRoundTrips() throws {
        var params = Parameters()
        params.card.titles = ["a \"quoted\" title", "tab\tand\nnewline", "ünïcödé ✓", "\u{1}"]
        let frame = Layout.frame(params, offset: 15)
        let messages: [ServerMessage] = [
            .hello(Hello(version: "0.1.0", revision: 3)),
            .reply(Reply(id: .integer(7), result: .offset(2.5))),
            .reply(Reply(id: .string("x"), error: WireError(.invalidArgument, "bad \"thing\""))),
            .reply(Reply(id: nil)),
            .frame(FrameEvent(seq: 42, revision: 2, frame: frame)),
            .params(ParamsInfo(revision: 2, source: .set, path: "/tmp/a b.toml", params: params, error: nil)),
            .params(
                ParamsInfo(
                    revision: 2, source: .file, path: nil, params: params,
                    error: ConfigError(path: "p", line: 3, column: 11, key: "layout.spacing", message: "m"))),
            .configError(ConfigError(path: nil, line: nil, column: nil, key: nil, message: "gone")),
            .state(
                StateInfo(
                    offset: 12.5, front: 1, animating: true, clients: 2, revision: 4, framesSent: 99, uptime: 1.25)),
            .bye(reason: "the daemon is stopping"),
        ]
        for message in messages {
            #expect(try roundTrip(message, requests: [.integer(7): .scroll(by: 1)]) == message)
        }
    }

    /// Each command's result, encoded as the daemon does, decodes as that command's result
    /// when the reader names the request; unnamed, the reply keeps only its id.
    @Test func everyResultDecodesAsItsCommand() throws {
        var params = Parameters()
        params.card.titles = ["a", "b"]
        let info = ParamsInfo(
            revision: 3, source: .file, path: "/p.toml", params: params, error: nil, overridden: ["layout.spacing"])
        let state = StateInfo(
            offset: 12.5, front: 1, animating: true, clients: 2, revision: 4, framesSent: 99, uptime: 1.25)
        let history = HistoryInfo(
            entries: [
                HistoryEntry(revision: 1, source: .file, time: 1_700_000_000.5, changed: [], current: false),
                HistoryEntry(
                    revision: 2, source: .set, time: 1_700_000_001.25, changed: ["layout.spacing"], current: true),
            ], canUndo: true, canRedo: false)
        let preset = ParamsInfo(revision: 3, source: .preset, path: "/p.toml", params: params, error: nil)
        let presets = PresetList(
            presets: [PresetInfo(name: "coverflow", path: "/presets/coverflow.toml")], directories: ["/presets"])
        // Every command's examples (a command and a result it can have), from its name: a new
        // command does not compile here until it has one.
        func examples(_ name: Command.Name) -> [(Command, CommandResult)] {
            switch name {
            case .ping: [(.ping, .empty)]
            case .getParams: [(.getParams, .params(info))]
            case .setParams: [(.setParams(.object([])), .params(info))]
            case .getFrame: [(.getFrame, .frame(Layout.frame(params, offset: 7.25)))]
            case .getState: [(.getState, .state(state))]
            case .subscribe: [(.subscribe([.frame, .params]), .events([.frame, .params]))]
            case .unsubscribe: [(.unsubscribe([.frame]), .events([]))]
            case .scroll: [(.scroll(by: 3), .offset(33))]
            case .scrollTo:
                [
                    (.scrollTo(offset: 1, animated: false), .offset(1)),
                    (.scrollTo(offset: 60, animated: true), .offset(60)),
                ]
            case .fling: [(.fling(velocity: 900), .target(120))]
            case .drag:
                [
                    (.drag(.began), .offset(0)),
                    (.drag(.changed(by: -100)), .offset(-50.75)),
                    (.drag(.ended(velocity: -250.5)), .target(0)),
                ]
            case .snap: [(.snap, .target(30))]
            case .next: [(.next(count: 1), .target(60))]
            case .prev: [(.prev(count: 2), .target(-0.5))]
            case .move: [(.edit(.move(from: 0, to: 2)), .deck(cards: 11, front: 2))]
            case .remove: [(.edit(.remove(item: 1)), .deck(cards: 10, front: 3))]
            case .insert: [(.edit(.insert(at: 1, title: "new")), .deck(cards: 12, front: 0))]
            case .save:
                [(.tuning(.save), .saved(SaveResult(path: "/p.toml", written: true, changed: ["layout.spacing"])))]
            case .history: [(.tuning(.history), .history(history))]
            case .undo: [(.tuning(.undo), .params(info))]
            case .redo: [(.tuning(.redo), .params(info))]
            case .preset:
                [
                    (.tuning(.preset(name: "coverflow")), .params(preset)),
                    (.tuning(.preset(name: nil)), .presets(presets)),
                ]
            case .export:
                [(.tuning(.export(.css, offset: nil)), .exported(ExportResult(format: .css, text: ".card {}\n")))]
            case .open: [(.open(item: 2), .empty)]
            case .close: [(.close, .empty)]
            case .getSchema: [(.getSchema, .schema(SchemaInfo(keys: [])))]
            case .setVariants:
                [
                    (
                        .setVariants(VariantsRequest(cells: [.object([])])),
                        .variants(
                            VariantsInfo(
                                revision: 2, columns: 1,
                                cells: [VariantCellInfo(cell: 0, overlay: .object([]), params: params)]))
                    )
                ]
            }
        }
        var checked: [String] = []
        for name in Command.Name.allCases {
            let pairs = examples(name)
            #expect(!pairs.isEmpty, "\(name.rawValue)")
            for (command, _) in pairs { #expect(command.kind == name, "\(command.name) is not \(name.rawValue)") }
            checked += pairs.map(\.0.name)
            try check(pairs)
        }
        #expect(checked.count == Command.names.count + 4)
        #expect(Set(checked) == Set(Command.names))
    }

    /// Encodes each result as the daemon does and decodes it named and unnamed.
    func check(_ pairs: [(Command, CommandResult)]) throws {
        for (command, result) in pairs {
            let line = try WireJSON.encode(Reply(id: .integer(1), result: result))
            let typed = try WireJSON.decode(ServerMessage.self, from: line, requests: [.integer(1): command])
            #expect(typed == .reply(Reply(id: .integer(1), result: result)), "\(command.name)")
            let unnamed = try WireJSON.decode(ServerMessage.self, from: line)
            #expect(unnamed == .reply(Reply(id: .integer(1))), "\(command.name)")
        }
    }

    @Test func shapesMatchTheSpec() throws {
        let hello = String(
            decoding: try WireJSON.encode(ServerMessage.hello(Hello(version: "1", revision: 1))), as: UTF8.self)
        #expect(hello == #"{"event":"hello","protocol":1,"server":"cardstackd","version":"1","revision":1}"#)
        let reply = String(decoding: try WireJSON.encode(Reply(id: nil, result: CommandResult.empty)), as: UTF8.self)
        #expect(reply == #"{"id":null,"ok":true,"result":{}}"#)
        let error = String(
            decoding: try WireJSON.encode(
                ServerMessage.configError(
                    ConfigError(path: "f", line: 1, column: 2, key: nil, message: "m"))), as: UTF8.self)
        #expect(error == #"{"event":"config_error","path":"f","line":1,"column":2,"key":null,"message":"m"}"#)
    }

    @Test func numbersAreJSONNumbers() throws {
        let text = String(
            decoding: try WireJSON.encode([0.0, -0.0, 1, -3, 0.1, 1e-5, 1.5e300, 1_234_567_890_123]), as: UTF8.self)
        #expect(text == "[0,0,1,-3,0.1,1e-05,1.5e+300,1234567890123]")
        #expect(throws: EncodingError.self) { try WireJSON.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try WireJSON.encode([Double.infinity]) }
        let ints = String(decoding: try WireJSON.encode([Int.min, Int.max, 0]), as: UTF8.self)
        #expect(ints == "[\(Int.min),\(Int.max),0]")
    }

    @Test func stringsAreEscaped() throws {
        let text = String(decoding: try WireJSON.encode(["\"\\/\n\r\t\u{0}\u{1f}é"]), as: UTF8.self)
        #expect(text == #"["\"\\/\n\r\t\u0000\u001fé"]"#)
    }
}

@Suite struct JSONParserTests {
    func parse(_ s: String) throws -> JSONValue { try JSONParser.parse(Array(s.utf8)) }

    @Test func values() throws {
        #expect(
            try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} "#)
                == .object([
                    ("a", .array([.integer(1), .number(-2500), .bool(true), .bool(false), .null, .string("x")])),
                    ("b", .object([])),
                ]))
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("9223372036854775808") == .number(9_223_372_036_854_775_808))
        #expect(try parse(#""\u00e9\ud83d\ude00\n\/""#) == .string("é😀\n/"))
        #expect(try parse(#""\ud800""#) == .string("\u{FFFD}"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":}", "01", "1.", "-", "tru", "nul", "\"abc", "\"\\x\"", "\"a\u{1}\"", "{} x",
        "{'a':1}", "[1 2]", "{\"a\" 1}", "\"\\u12\"",
    ])
    func invalid(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try parse(text) }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try parse(deep) }
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: 60) + String(repeating: "]", count: 60)) }
    }
}

@Suite struct RequestTests {
    func parse(_ s: String) -> Result<Request, RequestError> { Request.parse(Array(s.utf8)) }

    @Test func commands() throws {
        #expect(try parse(#"{"id":1,"cmd":"ping"}"#).get() == Request(id: .integer(1), .ping))
        #expect(try parse(#"{"cmd":"scroll","by":15,"extra":[1]}"#).get() == Request(.scroll(by: 15)))
        #expect(
            try parse(#"{"id":"x","cmd":"scroll_to","offset":30,"animated":true}"#).get()
                == Request(id: .string("x"), .scrollTo(offset: 30, animated: true)))
        #expect(try parse(#"{"cmd":"next"}"#).get() == Request(.next(count: 1)))
        #expect(try parse(#"{"cmd":"prev","count":3}"#).get() == Request(.prev(count: 3)))
        #expect(try parse(#"{"cmd":"subscribe"}"#).get() == Request(.subscribe(EventKind.allCases)))
        #expect(try parse(#"{"cmd":"subscribe","events":["frame","frame"]}"#).get() == Request(.subscribe([.frame])))
        #expect(try parse(#"{"cmd":"fling","velocity":-2000.5}"#).get() == Request(.fling(velocity: -2000.5)))
        #expect(
            try parse(#"{"cmd":"set_params","params":{"layout":{"spacing":40}}}"#).get()
                == Request(.setParams(.object([("layout", .object([("spacing", .integer(40))]))]))))
    }

    @Test func errorsSayWhatIsWrong() {
        func failure(_ s: String) -> RequestError? {
            if case .failure(let e) = parse(s) { return e }
            return nil
        }
        #expect(failure("nope")?.error.code == .parseError)
        #expect(failure("nope")?.id == nil)
        #expect(failure("[]")?.error.message == "a request must be a JSON object, got an array")
        #expect(failure(#"{"id":5}"#)?.error.code == .invalidArgument)
        #expect(failure(#"{"id":5}"#)?.id == .integer(5))
        #expect(failure(#"{"id":5,"cmd":"x"}"#)?.error.code == .unknownCommand)
        #expect(failure(#"{"cmd":"scroll"}"#)?.error.message == "scroll needs \"by\": a number")
        #expect(failure(#"{"cmd":"scroll","by":1e300}"#)?.error.code == .invalidArgument)
        #expect(failure(#"{"cmd":"next","count":0}"#)?.error.code == .invalidArgument)
        #expect(failure(#"{"cmd":"scroll_to","offset":1,"animated":"yes"}"#)?.error.code == .invalidArgument)
        #expect(failure(#"{"cmd":"set_params","params":3}"#)?.error.code == .invalidArgument)
        #expect(failure(#"{"id":[1],"cmd":"ping"}"#)?.error.code == .invalidArgument)
    }

    @Test func requestsEncodeToWhatTheyParseFrom() throws {
        let commands: [Command] = [
            .ping, .getParams, .getFrame, .getState, .snap, .subscribe([.frame, .state]), .unsubscribe([.params]),
            .scroll(by: -3), .scrollTo(offset: 12, animated: true), .fling(velocity: 100), .next(count: 2),
            .prev(count: 1),
            .setParams(.object([("animation", .object([("fps", .integer(120))]))])),
        ]
        for command in commands {
            let request = Request(id: .integer(9), command)
            #expect(try Request.parse(try WireJSON.encode(request)).get() == request)
        }
    }
}

@Suite struct EffectiveValuesWireTests {
    @Test func theParamsEventAndTheReplyWriteTheEffectiveValuesAlikeInKeyOrder() throws {
        var params = Parameters()
        params.layout.style = .rotary
        let info = ParamsInfo(
            revision: 3, source: .file, path: nil, params: params, error: nil,
            effective: ["carousel.radius": 373.25, "carousel.arc": 6.25])
        let expected = "\"effective\":{\"carousel.arc\":6.25,\"carousel.radius\":373.25}"
        let event = String(decoding: try WireJSON.encode(ServerMessage.params(info)), as: UTF8.self)
        let reply = String(
            decoding: try WireJSON.encode(Reply(id: .integer(1), result: CommandResult.params(info))), as: UTF8.self)
        #expect(event.contains(expected + "}"))
        #expect(reply.contains(expected))
        guard case .params(let decoded) = try WireJSON.decode(ServerMessage.self, from: Array(event.utf8)) else {
            Issue.record("not a params event: \(event)")
            return
        }
        #expect(decoded == info)
    }
}
