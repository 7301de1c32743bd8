import CardLayout
import CardStackParams
import CardStackProtocol

/// The `params` event (sent on every save of the file, docs/protocol.md §5.3) and the
/// `Parameters` of `get_params`, written field by field.
///
/// The bytes are exactly those of the `Codable` conformances of `ServerMessage`,
/// `ParamsInfo`, `Parameters` and its tables through the generic containers
/// (`ParametersEncodingTests` compares the two for every style, every carousel option, the
/// spring, an error and overrides), which stay the definition of the wire form; this path
/// only skips a container, an encoder and a coding path per value. The parameters are
/// written key by key from the schema (a new key needs nothing here). A non-finite number
/// throws, as it does there; an unbounded fade limit is `null`, as `Carousel` writes it.
extension JSONWriter {
    func paramsEvent(_ info: ParamsInfo) throws {
        literal("{\"event\":")
        string(EventName.params.rawValue)
        bytes.append(UInt8(ascii: ","))
        try paramsFields(info)
    }

    /// A successful reply whose result is a `ParamsInfo` (`set_params`' on every value of a
    /// sweep), as `Reply`'s `Codable` writes it: false for any other reply, written nothing.
    func paramsReply(_ reply: Reply<CommandResult>) throws -> Bool {
        guard reply.ok, reply.error == nil, case .params(let info)? = reply.result else { return false }
        literal("{\"id\":")
        switch reply.id {
        case nil: literal("null")
        case .integer(let i)?: integer(i)
        case .string(let s)?: string(s)
        }
        literal(",\"ok\":true,\"result\":")
        try paramsInfo(info)
        bytes.append(UInt8(ascii: "}"))
        return true
    }

    /// `ParamsInfo` as an object on its own: the result of `get_params`, `set_params`, `undo`
    /// and the others that answer with the parameters in force (a `set_params` pays this).
    func paramsInfo(_ info: ParamsInfo) throws {
        bytes.append(UInt8(ascii: "{"))
        try paramsFields(info)
    }

    /// `ParamsInfo`'s fields in its `Codable` order, and the closing brace.
    private func paramsFields(_ info: ParamsInfo) throws {
        literal("\"revision\":")
        integer(info.revision)
        literal(",\"source\":")
        string(info.source.rawValue)
        literal(",\"path\":")
        string(orNull: info.path)
        literal(",\"params\":")
        try parameters(info.params)
        literal(",\"error\":")
        if let error = info.error {
            literal("{\"path\":")
            string(orNull: error.path)
            literal(",\"line\":")
            integer(orNull: error.line)
            literal(",\"column\":")
            integer(orNull: error.column)
            literal(",\"key\":")
            string(orNull: error.key)
            literal(",\"message\":")
            string(error.message)
            bytes.append(UInt8(ascii: "}"))
        } else {
            literal("null")
        }
        literal(",\"overridden\":[")
        for (i, key) in info.overridden.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
        }
        literal("],\"unsaved\":[")
        for (i, key) in info.unsaved.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
        }
        literal("],\"warnings\":[")
        for (i, text) in info.warnings.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(text)
        }
        literal("],\"effective\":{")
        for (i, entry) in info.effective.sorted(by: { $0.key < $1.key }).enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(entry.key)
            bytes.append(UInt8(ascii: ":"))
            try number(entry.value)
        }
        bytes.append(UInt8(ascii: "}"))
        if info.imagesVersion != 0 {
            literal(",\"images_version\":")
            integer(info.imagesVersion)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private func string(orNull s: String?) {
        if let s { string(s) } else { literal("null") }
    }

    private func integer(orNull i: Int?) {
        if let i { integer(i) } else { literal("null") }
    }

    /// A parameter set: every table and every key it sets, in the schema's order, each value
    /// as its schema entry reads it (CardStackParams' `ParamsSchema+Wire.swift`). With a
    /// ``ParamsWireCache``, a table whose values are those of the set written last is copied
    /// from its bytes (a `set_params` of one key writes one table, not seven).
    func parameters(_ p: Parameters) throws {
        let names = ParamsSchema.tableNames
        let caching = tablesKept != nil
        // Compared once, outside the loop: binding the kept set per table copied it each time.
        var same = [Bool](repeating: false, count: names.count)
        if let old = tablesKept?.parameters {
            for t in names.indices { same[t] = ParamsSchema.sameTable(t, old, p) }
        }
        let kept = tablesKept?.tables ?? []
        var written: [[UInt8]] = []
        if caching { written.reserveCapacity(names.count) }
        bytes.append(UInt8(ascii: "{"))
        for t in names.indices {
            if t > 0 { bytes.append(UInt8(ascii: ",")) }
            if same[t] {
                bytes.append(contentsOf: kept[t])
                written.append(kept[t])
                continue
            }
            let start = bytes.count
            plainString(names[t])
            literal(":{")
            var first = true
            try ParamsSchema.forEachValue(in: p, table: t) { name, value in
                if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
                plainString(name)
                bytes.append(UInt8(ascii: ":"))
                try json(value)
            }
            bytes.append(UInt8(ascii: "}"))
            if caching { written.append(Array(bytes[start...])) }
        }
        bytes.append(UInt8(ascii: "}"))
        // Kept only once the whole set is written: a value that throws leaves the old set's.
        if caching { tablesKept = ParamsWireCache(parameters: p, tables: written) }
    }

    /// A table's or a key's name: letters, digits and `_` (the schema's names), which need no
    /// escaping, so no byte is looked at (`SchemaInfoTests` holds every name to that).
    private func plainString(_ name: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON value; a non-finite number throws, as it does through `Codable`.
    func json(_ value: JSONValue) throws {
        switch value {
        case .null: literal("null")
        case .bool(let b): literal(b ? "true" : "false")
        case .integer(let i): integer(i)
        case .number(let x): try number(x)
        case .string(let s): string(s)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                try json(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let entries):
            bytes.append(UInt8(ascii: "{"))
            for (i, entry) in entries.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                string(entry.key)
                bytes.append(UInt8(ascii: ":"))
                try json(entry.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private func number(_ x: Double) throws { try number(x, codingPath: []) }
}
