import ArgumentParser
import CardStackClient
import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

struct SaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Write the values in force into the daemon's parameter file.",
        discussion: """
            Only the lines of keys whose values differ from the file change (a key the file \
            lacks is added to its table); every comment, blank line and the key order stay byte \
            for byte, so `git diff` shows just your numbers. The write is atomic (a temporary file, \
            fsync, rename; mode and owner kept) and goes through a symlink to its target. If the \
            file changed on disk since the daemon loaded it, nothing is written and the error \
            is `conflict`. A Kubernetes-style ..data file is refused: change its source instead.
            The daemon then reloads the file as a new revision.
            """)

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let connection = try connection.connect()
        do {
            let result = try connection.request(.tuning(.save), as: SaveResult.self, timeout: self.connection.timeout)
            if result.written {
                try StandardOutput.writeEscaped("saved \(result.changed.joined(separator: ", ")) into \(result.path)")
            } else {
                try StandardOutput.writeEscaped("nothing to save: \(result.path) already holds the values in force")
            }
        } catch {
            throw fail(error)
        }
    }
}

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the parameter sets the daemon had in force and what each changed.",
        discussion: """
            One row per revision, oldest first (the last 100): its source (file, set, undo, \
            preset, defaults), the time, and the keys it changed. `*` marks the set in force; \
            `cardstack undo` and `cardstack redo` move between sets.
            """)

    @Flag(name: .long, help: "Print the daemon's JSON instead of a table.")
    var json = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let connection = try connection.connect()
        let info: HistoryInfo
        do {
            info = try connection.request(.tuning(.history), as: HistoryInfo.self, timeout: self.connection.timeout)
        } catch {
            throw fail(error)
        }
        if json { return try printJSON(info, pretty: false) }
        try StandardOutput.write(HistoryTable.render(info, time: localTime))
    }

    func localTime(_ t: Double) -> String {
        var seconds = time_t(t.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The history as a table: revision, source, time, changed keys.
enum HistoryTable {
    static func render(_ info: HistoryInfo, time: (Double) -> String) -> String {
        var rows = [["", "rev", "source", "time", "changed"]]
        for entry in info.entries {
            let changed = entry.changed.isEmpty ? "-" : TerminalText.escaped(entry.changed.joined(separator: ", "))
            rows.append([
                entry.current ? "*" : "", String(entry.revision), entry.source.rawValue, time(entry.time), changed,
            ])
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            (0..<4).map { i in
                let cell = row[i]
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 1 ? pad + cell : cell + pad
            }.joined(separator: "  ") + "  " + row[4]
        }
        lines.append("undo: \(info.canUndo ? "yes" : "no") · redo: \(info.canRedo ? "yes" : "no")")
        return lines.joined(separator: "\n")
    }
}

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Put the previous parameter set back in force (in memory; `cardstack save` writes it).",
        discussion: "Prints the parameters now in force, as `cardstack get params` does (source \"undo\").")

    @Flag(name: .long, help: "Indent the JSON for reading.")
    var pretty = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.tuning(.undo), pretty: pretty)
    }
}

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Put the next parameter set back in force after an undo.",
        discussion: "A file load, `set` or `preset` after an undo starts a new branch: there is then nothing to redo.")

    @Flag(name: .long, help: "Indent the JSON for reading.")
    var pretty = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.tuning(.redo), pretty: pretty)
    }
}

struct PresetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset",
        abstract: "Put a preset in force (in memory), or list the presets.",
        discussion: """
            A preset is a parameter file: it is put in force whole, and every key it does not \
            set takes its style's own default, so nothing of the previous style stays. \
            `cardstack save` writes it into the daemon's file. The daemon looks in \
            $XDG_CONFIG_HOME/cardstack/presets, the installed presets (<prefix>/share/cardstack/presets) \
            and Config/presets of the source tree it was built in; the first one with the name wins.

            Examples: cardstack preset --list; cardstack preset coverflow
            """)

    @Argument(help: "The preset's name (its file name without .toml).")
    var name: String?

    @Flag(name: .long, help: "List the presets the daemon can find, and where.")
    var list = false

    @Flag(name: .long, help: "Indent the JSON for reading.")
    var pretty = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if list == (name != nil) { throw ValidationError("give a preset NAME, or --list") }
        if let name, !TuningCommand.isValidPresetName(name) {
            throw ValidationError("\(name) is not a preset name: letters, digits, _, - and ., e.g. coverflow")
        }
    }

    func run() throws {
        guard list else { return try connection.run(.tuning(.preset(name: name)), pretty: pretty) }
        let connection = try connection.connect()
        do {
            let presets = try connection.request(
                .tuning(.preset(name: nil)), as: PresetList.self, timeout: self.connection.timeout)
            let width = presets.presets.map(\.name.count).max() ?? 0
            for preset in presets.presets {
                try StandardOutput.writeEscaped(
                    preset.name + String(repeating: " ", count: width - preset.name.count) + "  " + preset.path)
            }
            if presets.presets.isEmpty {
                printError("cardstack: no presets in \(presets.directories.joined(separator: ", "))")
            }
        } catch {
            throw fail(error)
        }
    }
}
