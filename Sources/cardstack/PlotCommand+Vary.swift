import ArgumentParser
import CardStackClient
import CardStackRender

extension PlotCommand {
    /// Writes `--out` by its extension.
    func write(
        png: (String) throws(RenderError) -> Void, json: () -> String, csv: () -> String, svg: () -> String
    ) throws {
        do {
            let lower = out.lowercased()
            if lower.hasSuffix(".png") {
                try png(out)
            } else if lower.hasSuffix(".json") {
                try writeSVG(json(), to: out)
            } else if lower.hasSuffix(".csv") {
                try writeSVG(csv(), to: out)
            } else {
                try writeSVG(svg(), to: out)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            throw fail(error)
        }
    }

    /// Without a recording: the move computed by the daemon's session code for the file's
    /// (or the daemon's) values, one series per `--vary` combination overlaid in one plot;
    /// with no `--vary`, the single plot of that set.
    func plotVariants() throws {
        let cells: [VariantGrid.Cell]
        do {
            let grid = try VariantGrid(vary)
            let command = try TransitionChoice.command(transition ?? "next")
            let base = try VariantGrid.base(config: config, connection: connection)
            cells = try grid.cells(over: base.tree, command: command, offset: offset)
        } catch let error as VariantError {
            printError("cardstack: \(error)")
            throw ExitCode(1)
        }
        var series: [(label: String, plot: MotionPlot)] = []
        for cell in cells {
            let recorded = RecordedFrames(
                times: cell.frames.map { $0.time ?? 0 }, frames: cell.frames.map(\.frame), params: cell.parameters)
            do {
                series.append((cell.label, try MotionPlot(recorded)))
            } catch {
                printError("cardstack: \(cell.label.isEmpty ? "" : "the variant \(cell.label): ")\(error)")
                throw ExitCode(1)
            }
        }
        if vary.isEmpty, let plot = series.first?.plot {
            try write(png: plot.writePNG, json: plot.json, csv: plot.csv, svg: plot.svg)
            printError("cardstack: plotted \(plot.times.count) frames to \(out)")
            return
        }
        let overlay = MotionOverlay(series)
        try write(
            png: overlay.writePNG, json: { overlay.json(values: cells.map(\.values)) }, csv: overlay.csv,
            svg: overlay.svg)
        printError("cardstack: plotted \(series.count) variants to \(out)")
    }
}
