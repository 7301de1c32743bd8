import CardLayout
import CardStackProtocol

/// The parameter file described for people and for editors, generated from the schema table
/// (``ParamsSchema``) and its documentation lines, so neither can go stale:
/// `cardstack schema --markdown` (docs/parameters.md's table) and `--json-schema` (the JSON
/// Schema taplo and tombi read, `Config/cardstack.schema.json`).
public enum ParamsReference {
    /// The rules a JSON Schema cannot say, which only `cardstack check` and the daemon apply.
    public static let rulesBeyondTheSchema = [
        "layout.flip_range: f0 < f1 (reduced.layout.flip_range: f0 <= f1)",
        "card.titles: at most 200 characters (grapheme clusters) and 256 bytes as sent",
        "animation.spring: a { mass, stiffness, damping } must come to a response 2π√(mass/stiffness) and a damping ratio damping/(2√(stiffness·mass)) in [0.01, 10]",
        "carousel.fade_min, fade_max: only -inf (fade_min) and inf (fade_max) stand for no limit; a JSON Schema has no infinity, so it lets any infinity or nan through",
        "a table given twice, and the TOML syntax itself, are the TOML reader's to refuse",
    ]

    // MARK: Markdown

    /// The reference table: key, default, allowed values, meaning; one row per key.
    public static var markdown: String {
        var lines = ["| key | default | allowed | meaning |", "|---|---|---|---|"]
        for entry in ParamsSchema.schemaInfo.keys {
            let doc = ParamsSchema.doc(for: entry.key)
            lines.append(
                "| `\(entry.key)` | \(defaultText(entry)) | \(doc?.allowed ?? allowedText(entry)) | \(doc?.meaning ?? "") |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func defaultText(_ entry: SchemaKey) -> String {
        if entry.byStyle != nil { return "per style" }
        switch entry.default {
        case .null:
            if entry.key.hasPrefix("reduced.") { return ParamsSchema.reducedDefaults[entry.key] ?? "the file's" }
            return entry.key.hasPrefix("carousel.") ? "the type's own" : "none"
        default: return "`\(display(entry.default))`"
        }
    }

    static func allowedText(_ entry: SchemaKey) -> String {
        if let choices = entry.choices { return choices.map { "`\($0)`" }.joined(separator: ", ") }
        switch entry.type {
        case "boolean": return "`true`/`false`"
        case "integer":
            guard let min = entry.min, let max = entry.max else { return "an integer" }
            return "\(number(min))…\(number(max))"
        default:
            guard let min = entry.min, let max = entry.max else { return entry.type }
            let open = entry.minInclusive == true ? "[" : "("
            let close = entry.maxInclusive == true ? "]" : ")"
            return "\(open)\(number(min)), \(number(max))\(close)\(entry.type == "array" ? " each" : "")"
        }
    }

    static func number(_ x: Double) -> String {
        let text = ParamsSchema.format(x)
        return text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }

    static func display(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let x): ParamsSchema.format(x)
        case .string(let s): "\"\(s)\""
        case .array(let items): "[" + items.map(display).joined(separator: ", ") + "]"
        case .object(let entries):
            "{ " + entries.map { "\($0.key) = \(display($0.value))" }.joined(separator: ", ") + " }"
        }
    }

    // MARK: JSON Schema

    /// The parameter file as a JSON Schema (draft-07): every table and key, its type, range,
    /// choices, default and documentation line; unknown keys refused, as the daemon does.
    public static var jsonSchema: JSONValue {
        var tables: [(key: String, value: JSONValue)] = []
        for (table, _) in ParamsSchema.schema {
            let keys = ParamsSchema.schemaInfo.keys.filter {
                $0.key.hasPrefix(table + ".") && !$0.key.dropFirst(table.count + 1).contains(".")
            }
            var properties = keys.map { entry in
                (key: String(entry.key.dropFirst(table.count + 1)), value: property(entry))
            }
            if table == "reduced" { properties += reducedTables }
            tables.append(
                (
                    key: table,
                    value: .object([
                        ("type", .string("object")), ("description", .string("[\(table)]")),
                        ("additionalProperties", .bool(false)), ("properties", .object(properties)),
                    ])
                ))
        }
        return .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("cardstack parameter file")),
            (
                "description",
                .string(
                    "The TOML file cardstackd watches: every key optional. Generated by `cardstack schema --json-schema`."
                )
            ),
            ("type", .string("object")), ("additionalProperties", .bool(false)), ("properties", .object(tables)),
        ])
    }

    static func property(_ entry: SchemaKey) -> JSONValue {
        let doc = ParamsSchema.doc(for: entry.key)
        var description = doc?.meaning ?? entry.key
        if let allowed = doc?.allowed { description += ". Allowed: \(allowed)" }
        if entry.byStyle != nil { description += ". The default depends on layout.style" }
        var fields: [(key: String, value: JSONValue)] = [("description", .string(description))]
        switch ParamsSchema.overriddenKey(entry.key) ?? entry.key {
        case "animation.curve":
            fields.append(
                ("anyOf", .array([.object([("enum", .array(TimingCurve.names.map { .string($0) }))]), bezier])))
        case "animation.spring":
            fields.append(("anyOf", .array(springForms)))
        case "carousel.fade_min", "carousel.fade_max":
            // A JSON Schema has no infinity: taplo reads `inf` as null.
            fields += [("type", .array([.string("number"), .string("null")]))] + limits(entry)
        case "card.titles":
            fields += [
                ("type", .string("array")),
                ("items", .object([("type", .string("string")), ("maxLength", .integer(256))])),
            ]
        case "card.images":
            let text: JSONValue = .object([("type", .string("string")), ("minLength", .integer(1))])
            fields.append(("anyOf", .array([text, listOf(text)])))
        case "card.colors":
            fields.append(("anyOf", .array([colorSchema, listOf(colorSchema)])))
        case "card.border_color", "card.shadow_color", "card.back_color":
            if case .object(let color) = colorSchema { fields += color }
        default:
            fields += typeFields(entry)
        }
        if entry.byStyle == nil, entry.default != .null { fields.append(("default", entry.default)) }
        return .object(fields)
    }

    /// `[reduced]`'s override tables, each an object of its keys (`reduced.animation.duration`).
    static var reducedTables: [(key: String, value: JSONValue)] {
        ParamsSchema.reducedTables.map { table, _ in
            let keys = ParamsSchema.schemaInfo.keys.filter { $0.key.hasPrefix(table + ".") }
            let properties = keys.map { (key: String($0.key.dropFirst(table.count + 1)), value: property($0)) }
            let name = String(table.dropFirst("reduced.".count))
            return (
                key: name,
                value: .object([
                    ("type", .string("object")), ("description", .string("[\(table)]")),
                    ("additionalProperties", .bool(false)), ("properties", .object(properties)),
                ])
            )
        }
    }

    /// A spring's dialects: a name, or a table of one dialect's keys (ParamsSchema.springDialects).
    static var springForms: [JSONValue] {
        let meaning = [
            "damping_ratio": "how much the spring is damped (1: critically)",
            "response": "seconds of one undamped oscillation",
            "duration": "iOS 17's perceptual duration, seconds (the response)",
            "bounce": "iOS 17's bounce: 0 critically damped, up to 1 undamped, negative overdamped",
            "mass": "the mass on the spring (default 1)", "stiffness": "the spring constant",
            "damping": "the damping coefficient",
        ]
        let tables: [JSONValue] = ParamsSchema.springDialects.map { dialect in
            let properties: [(key: String, value: JSONValue)] = dialect.keys.map { key in
                var fields: [(key: String, value: JSONValue)] = [
                    ("type", .string("number")), ("description", .string(meaning[key] ?? key)),
                ]
                switch dialect.bounds[key] {
                case .closed(let a, let b)?: fields += [("minimum", .number(a)), ("maximum", .number(b))]
                case .openClosed(let a, let b)?: fields += [("exclusiveMinimum", .number(a)), ("maximum", .number(b))]
                case .open(let a, let b)?:
                    fields += [("exclusiveMinimum", .number(a)), ("exclusiveMaximum", .number(b))]
                case nil: break
                }
                return (key: key, value: .object(fields))
            }
            var form: [(key: String, value: JSONValue)] = [
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("properties", .object(properties)),
            ]
            if dialect.keys[0] == "mass" {
                form.append(("required", .array([.string("stiffness"), .string("damping")])))
            }
            return .object(form)
        }
        return [.object([("enum", .array(Spring.named.map { .string($0.name) }))])] + tables
    }

    /// A colour of the look.
    static let colorSchema: JSONValue = .object([
        ("type", .string("string")), ("pattern", .string("^#([0-9a-fA-F]{2}){3,4}$")),
    ])

    /// An array of 1 to 1024 `item`s.
    static func listOf(_ item: JSONValue) -> JSONValue {
        .object([
            ("type", .string("array")), ("minItems", .integer(1)),
            ("maxItems", .integer(Int64(ParamsSchema.maximumLookEntries))), ("items", item),
        ])
    }

    /// `[x1, y1, x2, y2]` with x in [0, 1] and y in [−100, 100].
    static let bezier: JSONValue = .object([
        ("type", .string("array")), ("minItems", .integer(4)), ("maxItems", .integer(4)),
        (
            "items",
            .array([
                bounded("number", min: 0, max: 1, "x1"), bounded("number", min: -100, max: 100, "y1"),
                bounded("number", min: 0, max: 1, "x2"), bounded("number", min: -100, max: 100, "y2"),
            ])
        ),
    ])

    static func bounded(_ type: String, min: Double, max: Double, _ description: String) -> JSONValue {
        .object([
            ("type", .string(type)), ("minimum", .number(min)), ("maximum", .number(max)),
            ("description", .string(description)),
        ])
    }

    static func typeFields(_ entry: SchemaKey) -> [(key: String, value: JSONValue)] {
        if let choices = entry.choices {
            return [("type", .string("string")), ("enum", .array(choices.map { .string($0) }))]
        }
        switch entry.type {
        case "boolean": return [("type", .string("boolean"))]
        case "array":
            let count = entry.default.arrayCount ?? 2
            return [
                ("type", .string("array")), ("minItems", .integer(Int64(count))), ("maxItems", .integer(Int64(count))),
                ("items", .object([("type", .string("number"))] + limits(entry))),
            ]
        case "integer":
            // A float with no fraction counts as an integer, as in the daemon.
            return [("type", .string("number")), ("multipleOf", .integer(1))] + limits(entry)
        default: return [("type", .string("number"))] + limits(entry)
        }
    }

    static func limits(_ entry: SchemaKey) -> [(key: String, value: JSONValue)] {
        var out: [(key: String, value: JSONValue)] = []
        if let min = entry.min {
            out.append((entry.minInclusive == true ? "minimum" : "exclusiveMinimum", .number(min)))
        }
        if let max = entry.max {
            out.append((entry.maxInclusive == true ? "maximum" : "exclusiveMaximum", .number(max)))
        }
        return out
    }
}

extension JSONValue {
    fileprivate var arrayCount: Int? {
        if case .array(let items) = self { items.count } else { nil }
    }
}
