import ArgumentParser
import CardStackClient
import CardStackRender

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract:
            "Plot one transition of a recording: the front offset and its velocity over time, as SVG, PNG or data.",
        discussion: """
            The picture a reviewer reads to judge a curve: one transition (the last, or \
            --transition N) from the move's first frame, the offset of each frame (a dot \
            each, unwrapped across the deck's wrap) and each interval's velocity, marks where \
            the velocity jumps, the spring's or curve's parameters in the legend (from the \
            recording's params event), the overshoot past the final offset and the time it \
            takes to settle within ±1 % of the distance travelled. The SVG carries the \
            frames' exact (time, offset) pairs in data-points; --out X.json or X.csv writes \
            the plotted series as data. Without a recording, --config FILE (or the daemon's \
            values in force) and --vary KEY=V1,V2,… overlay one move (--transition next, prev, \
            fling:V) under every combination, with a legend; the data carries every series. \
            See docs/render.md.

            Examples:
              cardstack plot bounce.jsonl --out bounce.svg
              cardstack plot bounce.jsonl --out bounce.png --transition 1
              cardstack plot bounce.jsonl --out bounce.json
              cardstack plot --config a.toml --vary animation.spring.bounce=0,0.15,0.3 --out bounces.svg
            """)

    @Argument(
        help: ArgumentHelp(
            "A recording from `cardstack record` (none with --config or --vary: the move is computed).",
            valueName: "recording"))
    var recording: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The file to write: a picture (.svg, .png) or the plotted series (.json, .csv).", valueName: "file"))
    var out: String

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "A recording's transition to plot, from 1 (negative: from the end; default: the last); without a recording the move, \(TransitionChoice.help) (default next).",
            valueName: "n|move"))
    var transition: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Overlay the move for every value: KEY=V1,V2,… or KEY=FROM..TO/COUNT; twice for two keys (up to 4 × 4).",
            valueName: "key=values"))
    var vary: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Without a recording: the parameter file (default: the daemon's values in force).", valueName: "file"))
    var config: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Without a recording: the offset the move starts from (default 0).", valueName: "points"))
    var offset: Double = 0

    @OptionGroup var connection: ConnectionOptions

    /// The move is computed here (from --config or the daemon's values), not recorded.
    var computed: Bool { recording == nil }

    /// `--transition` for a recording: 0-based, negative from the end.
    var recordedTransition: Int {
        get throws {
            guard let transition else { return -1 }
            guard let n = Int(transition), n != 0 else {
                throw ValidationError(
                    "--transition counts a recording's transitions from 1 (the first) or from -1 (the last), got \(transition)"
                )
            }
            return n > 0 ? n - 1 : n
        }
    }

    static let extensions = [".svg", ".png", ".json", ".csv"]

    func validate() throws {
        guard Self.extensions.contains(where: out.lowercased().hasSuffix) else {
            throw ValidationError(
                "--out must end in .svg or .png (a picture) or .json or .csv (the plotted series), got \(out)")
        }
        if computed {
            guard !vary.isEmpty || config != nil else {
                throw ValidationError(
                    "give a recording (from `cardstack record FILE`), or --config FILE / --vary KEY=V1,V2 to compute the move"
                )
            }
            guard offset.isFinite, abs(offset) <= 1e12 else {
                throw ValidationError("--offset must be a finite number of points within ±1e12")
            }
        } else {
            guard vary.isEmpty, config == nil else {
                throw ValidationError("--vary and --config compute the move here: give no recording file")
            }
            _ = try recordedTransition
        }
    }

    func run() throws {
        if computed { return try plotVariants() }
        let recording = self.recording ?? ""
        let parsed: Recording
        do {
            parsed = try Recording(lines: try readWholeFile(recording))
        } catch {
            printError("cardstack: \(recording): \(error)")
            throw ExitCode(1)
        }
        let plot: MotionPlot
        do {
            plot = try MotionPlot(RecordedFrames(parsed), transition: try recordedTransition)
        } catch {
            printError("cardstack: \(recording): \(error)")
            throw ExitCode(1)
        }
        try write(png: plot.writePNG, json: plot.json, csv: plot.csv, svg: plot.svg)
        let settle = plot.settle.map { ", settles in \(MotionPlot.number($0.seconds)) s" } ?? ""
        let overshoot = plot.overshoot.map { ", overshoots \(MotionPlot.number($0.points)) pt" } ?? ""
        let jumps = plot.jumps.isEmpty ? "" : ", the velocity jumps \(plot.jumps.count)×"
        printError(
            "cardstack: plotted \(plot.times.count) frames\(plot.transitionNote)\(overshoot)\(settle)\(jumps) to \(out)"
        )
    }
}
