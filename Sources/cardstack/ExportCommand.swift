import ArgumentParser
import CardLayout
import CardStackClient
import CardStackExport
import CardStackParams
import CardStackProtocol
import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the parameters in force as a Swift file, a stylesheet, JSON or design tokens.",
        discussion: """
            swift: one file for an iOS app. TunedLayout.cards(offset:) gives every card of a \
            frame (item, transform, alpha, position, size, anchor, zIndex), back to front, exactly \
            as `cardstack frame` computes it; under `#if canImport(UIKit)` it adds a \
            UICollectionViewLayout (stack, flip, zoom_flow, switcher7) or an iCarousel delegate \
            (the carousel types; .custom for switcher9). It carries the motion too: \
            TunedLayout.offset(from:to:velocity:at:), moveDuration, flingTarget and flingOffset \
            move the offset exactly as the daemon animates next, prev, snap, scroll_to and a fling; \
            the spring's mass, stiffness and damping and the curve's control points are static \
            lets; UIKit timing parameters under #if canImport(UIKit), a SwiftUI Animation and card \
            placement under #if canImport(SwiftUI). --name Checkout names the types \
            CheckoutLayout, CheckoutCard, ... The file imports CardLayout (the package in \
            CardStackKit/): docs/exporting.md says how to add it to an app.

            css: the frame at the offset as a stylesheet, one rule per card, with the markup it \
            expects in its header comment. --animate next|prev|fling:V adds the transition from \
            that offset: @keyframes and an animation per card, within 0.5 CSS px of the daemon's \
            frames at every moment.

            json: the parameters, as `cardstack get params` reports them.

            tokens: the motion as W3C Design Tokens (DTCG) JSON: durations, the curve as a \
            cubicBezier, the spring's parameters and sampled keyframes (of --animate's transition, \
            next by default).

            Without --config the running daemon exports what it has in force (its file, `set` \
            changes, an undo or a preset) at its current offset; with --config FILE the file is \
            read here, with no daemon.

            Examples: cardstack export --format swift --name Checkout > CheckoutLayout.swift
                      cardstack export --format css --animate next --offset -30 > next.css
            """)

    @Option(name: .long, help: ArgumentHelp("swift, css, json or tokens.", valueName: "format"))
    var format: ExportFormat

    @Option(
        name: .long, help: ArgumentHelp("Export this parameter file instead of asking the daemon.", valueName: "file"))
    var config: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "The scroll offset for css (default: the daemon's, or 0 with --config).", valueName: "points"))
    var offset: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "swift: the prefix of the types (default Tuned: TunedLayout, TunedCard, ...).", valueName: "name"))
    var name: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "css, tokens: the transition to animate from the offset: next, prev or fling:V (points per second).",
            valueName: "move"))
    var animate: String?

    @OptionGroup var connection: ConnectionOptions

    /// --name and --animate, checked.
    var options: ExportOptions {
        get throws {
            var options = ExportOptions()
            if let name {
                if let why = ExportOptions.nameProblem(name) {
                    throw ValidationError("--name \(TerminalText.escaped(name)): \(why)")
                }
                guard format == .swift else {
                    throw ValidationError("--name names the types of --format swift; \(format.rawValue) has none")
                }
                options.name = name
            }
            if let animate {
                guard let move = ExportAnimation(text: animate) else {
                    throw ValidationError("--animate \(animate): expected \(ExportAnimation.help)")
                }
                guard format == .css || format == .tokens else {
                    throw ValidationError(
                        "--animate applies to --format css and tokens (the keyframes of one transition), not \(format.rawValue): \(format == .swift ? "the Swift file carries every move already (TunedLayout.offset(from:to:velocity:at:))" : "json holds the parameters alone"); leave --animate out"
                    )
                }
                options.animate = move
            }
            return options
        }
    }

    func validate() throws {
        _ = try options
        if let offset, !offset.isFinite || abs(offset) > 1e12 {
            throw ValidationError("--offset must be a finite number of points within ±1e12")
        }
    }

    func run() throws {
        let text: String
        if let config {
            let parameters = try loadParameters(config)
            let origin = ExportOrigin(
                version: CardstackVersion.string, path: absolute(config), imageFiles: imageFiles(parameters, config))
            text = try Export.text(format, parameters, offset: offset ?? 0, origin: origin, options: try options)
        } else {
            let connection = try connection.connect()
            do {
                text = try connection.request(
                    .tuning(.export(format, offset: offset, options: try options)), as: ExportResult.self,
                    timeout: self.connection.timeout
                ).text
            } catch {
                throw fail(error)
            }
        }
        try StandardOutput.write(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
}

/// The files `card.images` matches, relative to the parameter file's directory, as the daemon
/// resolves them (``LookImageFile/resolve(_:relativeTo:budget:)``); a pattern that matches
/// nothing is a warning, as the daemon's is.
func imageFiles(_ parameters: Parameters, _ config: String) -> [String]? {
    guard let patterns = parameters.card.images else { return nil }
    var directory = "."
    if let slash = config.lastIndex(of: "/") {
        directory = slash == config.startIndex ? "/" : String(config[..<slash])
    }
    let found = LookImageFile.resolve(patterns, relativeTo: directory, budget: LookImageFile.Budget())
    for problem in found.problems { printError("cardstack: warning: \(config): card.images: \(problem)") }
    if let cut = found.cut { printError("cardstack: warning: \(config): card.images: \(cut)") }
    return ExportOrigin.relativeImageFiles(found.files, directory: directory)
}

/// `path` made absolute against the working directory, for headers that say where from.
func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    return String(cString: buffer) + "/" + path
}
