import CardLayout

/// A request line that could not be turned into a ``Request``: the error to reply with,
/// and the id to echo when the line had a usable one.
public struct RequestError: Error, Sendable, Equatable {
    public var id: RequestID?
    public var error: WireError

    /// A failure answered with `error`, echoing `id` when the line had a usable one.
    public init(id: RequestID?, error: WireError) {
        self.id = id
        self.error = error
    }
}

extension Request {
    /// Reads one request line's JSON value (CardStackWire's `Request.parse(_:)` parses the
    /// line first): every problem becomes a ``RequestError`` with a sentence that says what
    /// to send.
    public static func parse(object value: JSONValue) -> Result<Request, RequestError> {
        guard case .object = value else {
            return .failure(
                RequestError(
                    id: nil, error: WireError(.parseError, "a request must be a JSON object, got \(value.kindName)")))
        }
        var id: RequestID? = nil
        switch value["id"] {
        case nil, .null?: break
        case .integer(let i)?: id = .integer(i)
        case .string(let s)?: id = .string(s)
        case let other?:
            return .failure(
                RequestError(
                    id: nil,
                    error: WireError(.invalidArgument, "\"id\" must be a string or an integer, got \(other.kindName)")))
        }
        func fail(_ code: ErrorCode, _ message: String) -> Result<Request, RequestError> {
            .failure(RequestError(id: id, error: WireError(code, message)))
        }
        guard let cmdValue = value["cmd"] else {
            return fail(.invalidArgument, "missing \"cmd\": one of \(Command.names.joined(separator: ", "))")
        }
        guard case .string(let cmd) = cmdValue else {
            return fail(.invalidArgument, "\"cmd\" must be a string, got \(cmdValue.kindName)")
        }
        do {
            return .success(Request(id: id, try command(cmd, value)))
        } catch {
            return .failure(RequestError(id: id, error: error))
        }
    }

    static func command(_ cmd: String, _ args: JSONValue) throws(WireError) -> Command {
        func number(_ key: String, required: Bool = true, default fallback: Double = 0) throws(WireError) -> Double {
            guard let value = args[key], value != .null else {
                if required { throw WireError(.invalidArgument, "\(cmd) needs \"\(key)\": a number") }
                return fallback
            }
            guard let x = value.double, abs(x) <= 1e12 else {
                throw WireError(
                    .invalidArgument, "\"\(key)\" must be a finite number within ±1e12, got \(value.kindName)")
            }
            return x
        }
        func count() throws(WireError) -> Int {
            guard let value = args["count"], value != .null else { return 1 }
            guard case .integer(let n) = value, (1...1_000_000).contains(n) else {
                throw WireError(.invalidArgument, "\"count\" must be an integer in 1...1000000")
            }
            return Int(n)
        }
        func position(_ key: String) throws(WireError) -> Int {
            guard let value = args[key], value != .null else {
                throw WireError(.invalidArgument, "\(cmd) needs \"\(key)\": a deck position, an integer from 0")
            }
            guard case .integer(let n) = value, let i = Int(exactly: n) else {
                throw WireError(
                    .invalidArgument,
                    "\"\(key)\" must be an integer deck position (0 is the first card), got \(value.kindName)")
            }
            return i
        }
        func events() throws(WireError) -> [EventKind] {
            guard let value = args["events"], value != .null else { return EventKind.allCases }
            let allowed = EventKind.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .array(let items) = value else {
                throw WireError(.invalidArgument, "\"events\" must be an array of event names (\(allowed))")
            }
            var kinds: [EventKind] = []
            for item in items {
                guard case .string(let name) = item, let kind = EventKind(rawValue: name) else {
                    throw WireError(.invalidArgument, "unknown event in \"events\"; known events: \(allowed)")
                }
                if !kinds.contains(kind) { kinds.append(kind) }
            }
            return kinds
        }
        guard let name = Command.Name(rawValue: cmd) else {
            throw WireError(
                .unknownCommand, "unknown command \"\(cmd)\"; known commands: \(Command.names.joined(separator: ", "))")
        }
        switch name {
        case .ping: return .ping
        case .getParams: return .getParams
        case .getSchema: return .getSchema
        case .setParams:
            guard let params = args["params"], case .object = params else {
                throw WireError(
                    .invalidArgument,
                    "set_params needs \"params\": an object with the file's tables, e.g. {\"layout\":{\"spacing\":40}}")
            }
            var gesture: String?
            switch args["gesture"] {
            case nil, .null?: break
            case .string(let id)? where (1...ParamsGesture.maximumLength).contains(id.utf8.count):
                gesture = id
            case let other?:
                throw WireError(
                    .invalidArgument,
                    "\"gesture\" must be a string of 1 to \(ParamsGesture.maximumLength) bytes naming one drag, got \(other.kindName)"
                )
            }
            return .setParams(params, gesture: gesture)
        case .getFrame: return .getFrame
        case .getState: return .getState
        case .subscribe: return .subscribe(try events())
        case .unsubscribe: return .unsubscribe(try events())
        case .scroll: return .scroll(by: try number("by"))
        case .scrollTo:
            var animated = false
            if let a = args["animated"], a != .null {
                guard case .bool(let b) = a else {
                    throw WireError(.invalidArgument, "\"animated\" must be true or false, got \(a.kindName)")
                }
                animated = b
            }
            return .scrollTo(offset: try number("offset"), animated: animated)
        case .fling: return .fling(velocity: try number("velocity"))
        case .drag:
            let phases = DragPhase.names.joined(separator: ", ")
            guard let value = args["phase"], value != .null else {
                throw WireError(.invalidArgument, "drag needs \"phase\": one of \(phases)")
            }
            switch value {
            case .string("began"): return .drag(.began)
            case .string("changed"): return .drag(.changed(by: try number("by")))
            case .string("ended"): return .drag(.ended(velocity: try number("velocity")))
            case .string(let other):
                throw WireError(.invalidArgument, "\"phase\" must be one of \(phases), got \"\(other)\"")
            default:
                throw WireError(.invalidArgument, "\"phase\" must be one of \(phases), got \(value.kindName)")
            }
        case .snap: return .snap
        case .next: return .next(count: try count())
        case .prev: return .prev(count: try count())
        case .move: return .edit(.move(from: try position("from"), to: try position("to")))
        case .remove: return .edit(.remove(item: try position("item")))
        case .insert:
            let at = try position("at")
            guard case .string(let title)? = args["title"] else {
                throw WireError(
                    .invalidArgument,
                    "insert needs \"title\": a string of 1 to \(Deck.maximumTitleLength) characters and at most \(Deck.maximumTitleBytes) bytes"
                )
            }
            return .edit(.insert(at: at, title: title))
        case .save, .history, .undo, .redo, .preset, .export:
            return .tuning(try TuningCommand.parse(name, args))
        case .open: return .open(item: try position("item"))
        case .close: return .close
        case .setVariants: return .setVariants(try VariantsRequest.parse(args))
        }
    }
}

extension Request: Encodable {
    enum CodingKeys: String, CodingKey {
        case id, cmd, params, gesture, events, by, offset, animated, velocity, count, phase
        case from, to, item, at, title, cells, columns
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(command.name, forKey: .cmd)
        switch command {
        case .ping, .getParams, .getFrame, .getState, .snap, .close, .getSchema: break
        case .open(let item): try c.encode(item, forKey: .item)
        case .setParams(let p, let gesture):
            try c.encode(p, forKey: .params)
            try c.encodeIfPresent(gesture, forKey: .gesture)
        case .subscribe(let e), .unsubscribe(let e): try c.encode(e, forKey: .events)
        case .scroll(let by): try c.encode(by, forKey: .by)
        case .scrollTo(let offset, let animated):
            try c.encode(offset, forKey: .offset)
            try c.encode(animated, forKey: .animated)
        case .fling(let v): try c.encode(v, forKey: .velocity)
        case .drag(let phase):
            try c.encode(phase.name, forKey: .phase)
            switch phase {
            case .began: break
            case .changed(let by): try c.encode(by, forKey: .by)
            case .ended(let v): try c.encode(v, forKey: .velocity)
            }
        case .next(let n), .prev(let n): try c.encode(n, forKey: .count)
        case .edit(.move(let from, let to)):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .edit(.remove(let item)): try c.encode(item, forKey: .item)
        case .edit(.insert(let at, let title)):
            try c.encode(at, forKey: .at)
            try c.encode(title, forKey: .title)
        case .tuning(let tuning): try tuning.encodeArguments(to: encoder)
        case .setVariants(let request):
            try c.encode(request.cells, forKey: .cells)
            try c.encode(request.columns, forKey: .columns)
        }
    }
}
