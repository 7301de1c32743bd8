import ArgumentParser
import CardLayout
import CardStackExport
import CardStackFiles
import CardStackLook
import CardStackParams
import CardStackProtocol
import CardStackWire

#if canImport(Glibc)
    import Glibc
#endif

struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Print one FRAME as JSON, computed locally from a parameter file (no daemon).",
        discussion: """
            The frame has the same fields the daemon streams (FRAME, as docs/protocol.md describes it): the offset after wrapping \
            or clamping, the front item, and every visible card back to front with its ratio, \
            position, scale, alpha, z, 4x4 transform and projected quad.

            A file that does not parse or validate prints the error (file, line, column, key and \
            what is allowed) on stderr and exits 1.

            With --svg FILE the frame is drawn as an SVG picture instead (the same picture as \
            `cardstack snapshot --svg`), with no daemon needed.

            Example: cardstack frame --config Config/cardstack.toml --offset 15
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp("The parameter file (TOML). Without it, the built-in defaults.", valueName: "file"))
    var config: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The scroll offset in points; k * spacing puts card k in front.", valueName: "points"))
    var offset: Double = 0

    @Flag(name: .long, help: "Indent the JSON for reading.")
    var pretty = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the frame as an SVG picture to this file (- for stdout) instead of JSON.", valueName: "file"))
    var svg: String?

    func run() throws {
        let parameters = try config.map(loadParameters) ?? Parameters()
        guard offset.isFinite else { throw ValidationError("--offset must be a finite number of points") }
        let frame = Layout.frame(parameters, offset: offset)
        if let svg {
            try writeSVG(SVGSnapshot.render(frame), to: svg)
        } else if pretty {
            try StandardOutput.write(try PrettyJSON.encode(frame))
        } else {
            try StandardOutput.write(String(decoding: try WireJSON.encode(frame), as: UTF8.self))
        }
    }
}

/// The parameters in `path`, its warnings printed on stderr; an error is printed and exits 1.
func loadParameters(_ path: String) throws -> Parameters {
    do {
        let resolved = try ParamsFile.load(path).resolved
        for warning in resolved.warnings { printError("cardstack: warning: \(path): \(warning)") }
        return resolved.parameters
    } catch {
        printError("cardstack: \(error)")
        throw ExitCode(1)
    }
}
