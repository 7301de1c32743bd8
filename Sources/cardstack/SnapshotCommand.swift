import ArgumentParser
import CardLayout
import CardStackClient
import CardStackLook
import CardStackProtocol
import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Save the daemon's current frame as an SVG picture.",
        discussion:
            "One polygon per card, back to front, with its alpha and title. Example: cardstack snapshot --svg stack.svg"
    )

    @Option(name: .long, help: ArgumentHelp("Where to write the SVG (- for stdout).", valueName: "file"))
    var svg: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let daemon = try connection.connect()
        let text: String
        do {
            let frame = try daemon.request(.getFrame, as: Frame.self, timeout: connection.timeout)
            let info = try daemon.request(.getParams, as: ParamsInfo.self, timeout: connection.timeout)
            var images: [String] = []
            if let patterns = info.params.card.images {
                var directory = "."
                if let path = info.path, let slash = path.lastIndex(of: "/") {
                    directory = slash == path.startIndex ? "/" : String(path[..<slash])
                }
                if case .success(let files) = LookImageFile.resolve(patterns, relativeTo: directory) {
                    images = files
                }
            }
            text = SVGSnapshot.render(frame, look: info.params.card, images: images)
        } catch {
            throw fail(error)
        }
        try writeSVG(text, to: svg)
    }
}

/// Writes an SVG picture to `path`, or to standard output for `-`.
func writeSVG(_ text: String, to path: String) throws {
    if path == "-" { return try StandardOutput.write(text, terminator: "") }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
        throw fail(ValidationError("cannot write \(path): \(String(cString: strerror(errno)))"))
    }
    defer { close(fd) }
    try writeAll(Array(text.utf8), to: fd, name: path)
}
