import ArgumentParser
import CardLayout
import CardStackClient
import CardStackParams
import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the parameters in force as a Swift file, a stylesheet or JSON.",
        discussion: """
            swift: one file for an iOS app. TunedLayout.cards(offset:) gives every card of a \
            frame (item, transform, alpha, position, size, anchor, zIndex), back to front, exactly \
            as `cardstack frame` computes it; under `#if canImport(UIKit)` it adds a \
            UICollectionViewLayout (stack, flip, zoom_flow, switcher7) or an iCarousel delegate \
            (the carousel types; .custom for switcher9). The file imports CardLayout, this \
            package's library: the README's "Exporting" section says how to add it to an app.

            css: the frame at the offset as a stylesheet, one rule per card, with the markup it \
            expects in its header comment.

            json: the parameters, as `cardstack get params` reports them.

            Without --config the running daemon exports what it has in force (its file, `set` \
            changes, an undo or a preset) at its current offset; with --config FILE the file is \
            read here, with no daemon.

            Example: cardstack export --format swift > TunedLayout.swift
            """)

    @Option(name: .long, help: ArgumentHelp("swift, css or json.", valueName: "format"))
    var format: ExportFormat

    @Option(name: .long, help: ArgumentHelp("Export this parameter file instead of asking the daemon.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The scroll offset for css (default: the daemon's, or 0 with --config).", valueName: "points"))
    var offset: Double?

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if let offset, !offset.isFinite || abs(offset) > 1e12 {
            throw ValidationError("--offset must be a finite number of points within ±1e12")
        }
    }

    func run() throws {
        let text: String
        if let config {
            let parameters = try loadParameters(config)
            let origin = ExportOrigin(version: CardstackVersion.string, path: absolute(config))
            text = try Export.text(format, parameters, offset: offset ?? 0, origin: origin)
        } else {
            let connection = try connection.connect()
            do {
                text = try connection.request(
                    .tuning(.export(format, offset: offset)), as: ExportResult.self, timeout: self.connection.timeout
                ).text
            } catch {
                throw fail(error)
            }
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
}

/// `path` made absolute against the working directory, for headers that say where from.
func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    return String(cString: buffer) + "/" + path
}
