import ArgumentParser
import CardStackClient
import CardStackRender

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot a recording's motion: the front offset and its velocity over time, as SVG or PNG.",
        discussion: """
            The picture a reviewer reads to judge a curve: the offset of every recorded \
            frame (a dot each) and its velocity, the spring's or curve's parameters in the \
            legend (from the recording's params event), the overshoot past the final offset \
            and the time it takes to settle within ±1 % of the distance travelled. The SVG \
            carries the frames' exact (time, offset) pairs in data-points. See docs/render.md.

            Examples:
              cardstack plot bounce.jsonl --out bounce.svg
              cardstack plot bounce.jsonl --out bounce.png
            """)

    @Argument(help: ArgumentHelp("A recording from `cardstack record`.", valueName: "recording"))
    var recording: String

    @Option(name: .long, help: ArgumentHelp("The picture to write: .svg or .png.", valueName: "file"))
    var out: String

    func validate() throws {
        guard out.lowercased().hasSuffix(".svg") || out.lowercased().hasSuffix(".png") else {
            throw ValidationError("--out must end in .svg or .png (the picture's format), got \(out)")
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
        let plot = MotionPlot(RecordedFrames(parsed))
        do {
            if out.lowercased().hasSuffix(".png") {
                try plot.writePNG(to: out)
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
        printError("cardstack: plotted \(plot.times.count) frames\(overshoot)\(settle) to \(out)")
    }
}
