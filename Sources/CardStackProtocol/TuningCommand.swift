/// The commands that carry tuned numbers back out of the daemon: into the file (`save`),
/// through time (`history`, `undo`, `redo`), from a library (`preset`) and into code
/// (`export`).
public enum TuningCommand: Sendable, Equatable {
    /// Write the values in force that differ from the file into the file.
    case save
    /// The parameter sets the daemon had in force, oldest first.
    case history
    /// Put the previous set back in force (in memory).
    case undo
    /// Put the next set back in force after an `undo`.
    case redo
    /// Put a preset in force whole (in memory), or list the presets when `name` is nil.
    case preset(name: String?)
    /// The parameters in force as source code or data, at an offset (the current one if nil),
    /// with the Swift types' names and the transition to animate.
    case export(ExportFormat, offset: Double?, options: ExportOptions = ExportOptions())

    /// The longest preset name accepted (a file name without `.toml`).
    public static let maximumPresetName = 100

    /// Whether `name` can name a preset file: letters, digits, `_`, `-` and `.`, not
    /// starting with a dot, so it can never leave the presets directories.
    public static func isValidPresetName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= maximumPresetName, name.first != "." else { return false }
        return name.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-" || s == ".")
        }
    }

    /// Parses one of this family's request objects.
    static func parse(_ cmd: Command.Name, _ args: JSONValue) throws(WireError) -> TuningCommand {
        switch cmd {
        case .save: return .save
        case .history: return .history
        case .undo: return .undo
        case .redo: return .redo
        case .preset:
            if case .bool(true)? = args["list"] { return .preset(name: nil) }
            guard case .string(let name)? = args["name"] else {
                throw WireError(
                    .invalidArgument,
                    "preset needs \"name\": a preset's name (a file name in a presets directory, without .toml), or \"list\": true to list them"
                )
            }
            guard isValidPresetName(name) else {
                throw WireError(
                    .invalidArgument,
                    "\"name\" must be a preset name: letters, digits, _, - and ., not starting with a dot, at most \(maximumPresetName) characters"
                )
            }
            return .preset(name: name)
        case .export:
            let allowed = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let text)? = args["format"], let format = ExportFormat(rawValue: text) else {
                throw WireError(.invalidArgument, "export needs \"format\": one of \(allowed)")
            }
            var offset: Double? = nil
            if let value = args["offset"], value != .null {
                guard let x = value.double, abs(x) <= 1e12 else {
                    throw WireError(
                        .invalidArgument, "\"offset\" must be a finite number within ±1e12, got \(value.kindName)")
                }
                offset = x
            }
            var options = ExportOptions()
            if let value = args["name"], value != .null {
                guard case .string(let name) = value else {
                    throw WireError(.invalidArgument, "\"name\" must be a string, got \(value.kindName)")
                }
                if let why = ExportOptions.nameProblem(name) {
                    throw WireError(.invalidArgument, "\"name\" cannot start the Swift file's type names: \(why)")
                }
                guard format == .swift else {
                    throw WireError(
                        .invalidArgument,
                        "\"name\" names the types of a swift export; format \(format.rawValue) has none")
                }
                options.name = name
            }
            if let value = args["animate"], value != .null {
                guard case .string(let text) = value, let animate = ExportAnimation(text: text) else {
                    throw WireError(.invalidArgument, "\"animate\" must be \(ExportAnimation.help)")
                }
                guard format == .css || format == .tokens else {
                    throw WireError(
                        .invalidArgument, "\"animate\" applies to the css and tokens formats, not \(format.rawValue)")
                }
                options.animate = animate
            }
            return .export(format, offset: offset, options: options)
        default:
            throw WireError(.unknownCommand, "unknown command \"\(cmd.rawValue)\"")
        }
    }

    enum Key: String, CodingKey { case name, list, format, offset, animate }

    /// Writes this command's arguments next to `id` and `cmd`.
    func encodeArguments(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .save, .history, .undo, .redo: break
        case .preset(let name?): try c.encode(name, forKey: .name)
        case .preset(nil): try c.encode(true, forKey: .list)
        case .export(let format, let offset, let options):
            try c.encode(format.rawValue, forKey: .format)
            try c.encodeIfPresent(offset, forKey: .offset)
            if options.name != ExportOptions.defaultName { try c.encode(options.name, forKey: .name) }
            try c.encodeIfPresent(options.animate?.text, forKey: .animate)
        }
    }
}

/// What `export` writes.
public enum ExportFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// A Swift file for an iOS app: the layout core and its UIKit adapters.
    case swift
    /// One frame as a stylesheet.
    case css
    /// The parameters in force, as `get_params` reports them.
    case json
    /// The motion as W3C Design Tokens Community Group JSON: durations, curves, the spring.
    case tokens
}
