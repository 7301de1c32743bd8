import ArgumentParser
import CardStackExport
import CardStackFiles
import CardStackParams
import CardStackProtocol

/// `cardstack schema`: the parameter file described for editors and for people.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the parameter file's JSON Schema (for editors) or its reference table.",
        discussion: """
            Both are generated from the daemon's own schema table: every key, its type, range, \
            choices, default and a line of documentation.

            --json-schema prints a JSON Schema (draft-07) that taplo and tombi read: point the \
            file at it with a first line `#:schema /usr/local/share/cardstack/cardstack.schema.json` \
            (make install and the Debian package install it; the shipped files already say so) \
            and Even Better TOML (VS Code), Neovim's or Helix's taplo server complete keys, show \
            their documentation and mark wrong values as you type (docs/parameters.md, "Editors").

            --markdown prints the reference table of docs/parameters.md.

            What a JSON Schema cannot say (cardstack check still does):
              \(ParamsReference.rulesBeyondTheSchema.joined(separator: "\n  "))
            """
    )

    @Flag(name: .long, help: "The JSON Schema (the default).")
    var jsonSchema = false

    @Flag(name: .long, help: "The reference table, as Markdown.")
    var markdown = false

    func validate() throws {
        if jsonSchema && markdown { throw ValidationError("choose one of --json-schema and --markdown") }
    }

    func run() throws {
        if markdown {
            try StandardOutput.write(ParamsReference.markdown, terminator: "")
        } else {
            try StandardOutput.write(try PrettyJSON.encode(ParamsReference.jsonSchema))
        }
    }
}

/// `cardstack check FILE…`: the daemon's own validation, without a daemon.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check parameter files as the daemon would, without a daemon.",
        discussion: """
            Each file is read and validated exactly as cardstackd reads it on a save. A good file \
            prints nothing (its warnings go to stderr); a bad one prints its first error as the \
            daemon logs it, FILE: line L, column C: what is wrong and what is allowed. The exit \
            status is 1 when any file is bad, so it fits an editor's on-save hook or CI:

              cardstack check Config/cardstack.toml Config/presets/*.toml
            """
    )

    @Argument(help: ArgumentHelp("The parameter files (TOML) to check.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one parameter file to check") }
    }

    func run() throws {
        var bad = 0
        for file in files {
            do {
                let resolved = try ParamsFile.load(file).resolved
                for warning in resolved.warnings { printError("\(file): warning: \(warning)") }
            } catch {
                bad += 1
                try StandardOutput.writeEscaped("\(error)")
            }
        }
        if bad > 0 { throw ExitCode(1) }
    }
}
