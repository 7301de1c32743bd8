import ArgumentParser
import CardLayout
import CardStackParams
import CardStackProtocol
import CardStackWire

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change parameters in the daemon's memory (until the file next changes).",
        discussion: """
            Each argument is KEY=VALUE with KEY as in the file (layout.spacing, or just spacing \
            when the name is unique) and VALUE in TOML/JSON form: 40, -0.001, true, \
            [1.0, 1.2], "stack" (bare words are strings); a table as JSON or in the file's \
            inline-table syntax, read by the daemon's TOML reader: \
            'spring={ duration = 0.5, bounce = 0.2 }' (a spring in any dialect: { damping_ratio, \
            response }, { mass, stiffness, damping }, or spring=snappy). The daemon validates like a \
            file load and refuses the whole set if one value is wrong.

            Example: cardstack set spacing=40 scale_step=0.2 flip_range=[1.0,1.2]
            """)

    @Argument(help: ArgumentHelp("KEY=VALUE pairs.", valueName: "key=value"))
    var assignments: [String]

    @Flag(name: .long, help: "Indent the JSON for reading.")
    var pretty = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        _ = try tree()
    }

    /// The `params` object to send: `{"layout": {"spacing": 40}, ...}`; a key of an override
    /// table (`reduced.animation.duration`) goes one table deeper.
    func tree() throws -> JSONValue {
        var tables: [(key: String, value: JSONValue)] = []
        for assignment in assignments {
            guard let eq = assignment.firstIndex(of: "="), eq != assignment.startIndex else {
                throw ValidationError("\(assignment): expected KEY=VALUE, e.g. spacing=40")
            }
            let key = String(assignment[..<eq])
            let text = String(assignment[assignment.index(after: eq)...])
            let (table, name) = try resolve(key)
            let value = try parse(text, key: key)
            tables = Self.setting([table] + name.split(separator: ".").map(String.init), to: value, in: tables)
        }
        return .object(tables)
    }

    /// `entries` with the value at `path` set (the last assignment to a key wins, in its place
    /// at the end), making the tables on the way.
    static func setting(
        _ path: [String], to value: JSONValue, in entries: [(key: String, value: JSONValue)]
    ) -> [(key: String, value: JSONValue)] {
        guard let first = path.first else { return entries }
        var entries = entries
        guard path.count > 1 else {
            entries.removeAll { $0.key == first }
            entries.append((first, value))
            return entries
        }
        if let i = entries.firstIndex(where: { $0.key == first }), case .object(let inner) = entries[i].value {
            entries[i].value = .object(setting(Array(path.dropFirst()), to: value, in: inner))
        } else {
            entries.append((first, .object(setting(Array(path.dropFirst()), to: value, in: []))))
        }
        return entries
    }

    /// `layout.spacing` stays; `spacing` becomes `layout.spacing` when only one table has it.
    func resolve(_ key: String) throws -> (String, String) {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2 { return (parts[0], parts[1]) }
        // A bare name is the file's own key: `duration` is animation.duration, never the
        // override reduced.animation.duration (which is written whole).
        let matches = ParamsSchema.knownKeys.filter { $0.hasSuffix("." + key) && $0.split(separator: ".").count == 2 }
        guard matches.count == 1, let match = matches.first else {
            guard matches.isEmpty else {
                throw ValidationError("\(key) is ambiguous; say which: \(matches.joined(separator: " or "))")
            }
            let hint =
                ParamsSchema.nearestKey(to: key).map { "did you mean \($0)?" }
                ?? "`cardstack get params` shows every key"
            throw ValidationError("unknown key \(key) (\(hint))")
        }
        let split = match.split(separator: ".", maxSplits: 1).map(String.init)
        return (split[0], split[1])
    }

    /// A value as JSON when it parses as JSON; a table or array in TOML's syntax as the file
    /// would hold it (`{ damping_ratio = 0.7 }`); else a plain string.
    func parse(_ text: String, key: String) throws -> JSONValue {
        if let value = try? WireJSON.decode(JSONValue.self, from: Array(text.utf8)) { return value }
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "{" || trimmed.first == "[" else { return .string(text) }
        do {
            guard let value = try ParamNode.tomlValue(text).json else {
                throw ValidationError("\(key)=\(text): the value has something JSON cannot carry (a date or inf)")
            }
            return value
        } catch let error as ParamsError {
            throw ValidationError(
                "\(key)=\(text) is neither JSON nor a TOML value: \(error.message) "
                    + "(e.g. '\(key)={ damping_ratio = 0.7, response = 0.35 }' or '\(key)=[1.0, 1.2]')")
        }
    }

    func run() throws {
        try connection.run(.setParams(try tree()), pretty: pretty)
    }
}
