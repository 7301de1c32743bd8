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
            the plotted series as data. See docs/render.md.

            Examples:
              cardstack plot bounce.jsonl --out bounce.svg
              cardstack plot bounce.jsonl --out bounce.png --transition 1
              cardstack plot bounce.jsonl --out bounce.json
            """)

    @Argument(help: ArgumentHelp("A recording from `cardstack record`.", valueName: "recording"))
    var recording: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The file to write: a picture (.svg, .png) or the plotted series (.json, .csv).", valueName: "file"))
    var out: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which transition of the recording to plot, from 1 (negative: from the end; default: the last).",
            valueName: "n"))
    var transition: Int = -1

    static let extensions = [".svg", ".png", ".json", ".csv"]

    func validate() throws {
        guard Self.extensions.contains(where: out.lowercased().hasSuffix) else {
            throw ValidationError(
                "--out must end in .svg or .png (a picture) or .json or .csv (the plotted series), got \(out)")
        }
        guard transition != 0 else {
            throw ValidationError("--transition counts from 1 (the first) or from -1 (the last), got 0")
        }
    }

    func run() throws {
        let parsed: Recording
        do {
            parsed = try Recording(lines: try readWholeFile(recording))
        } catch {
            printError("cardstack: \(recording): \(error)")
            throw ExitCode(1)
        }
        let plot: MotionPlot
        do {
            plot = try MotionPlot(RecordedFrames(parsed), transition: transition > 0 ? transition - 1 : transition)
        } catch {
            printError("cardstack: \(recording): \(error)")
            throw ExitCode(1)
        }
        do {
            let lower = out.lowercased()
            if lower.hasSuffix(".png") {
                try plot.writePNG(to: out)
            } else if lower.hasSuffix(".json") {
                try writeSVG(plot.json(), to: out)
            } else if lower.hasSuffix(".csv") {
                try writeSVG(plot.csv(), to: out)
            } else {
                try writeSVG(plot.svg(), to: out)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            throw fail(error)
        }
        let settle = plot.settle.map { ", settles in \(MotionPlot.number($0.seconds)) s" } ?? ""
        let overshoot = plot.overshoot.map { ", overshoots \(MotionPlot.number($0.points)) pt" } ?? ""
        let jumps = plot.jumps.isEmpty ? "" : ", the velocity jumps \(plot.jumps.count)×"
        printError(
            "cardstack: plotted \(plot.times.count) frames\(plot.transitionNote)\(overshoot)\(settle)\(jumps) to \(out)"
        )
    }
}
