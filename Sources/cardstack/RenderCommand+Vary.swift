import ArgumentParser
import CardStackClient
import CardStackRender

extension RenderCommand {
    /// `--vary` / `--config` without a recording: every variant's transition computed by the
    /// daemon's session code and drawn in a labelled grid (one unlabelled stage with no
    /// `--vary`).
    func renderVariants(_ options: RenderOptions) throws {
        let cells: [VariantGrid.Cell]
        let grid: VariantGrid
        let parameterFile: String?
        do {
            grid = try VariantGrid(vary)
            let command = try TransitionChoice.command(transition)
            let base = try VariantGrid.base(config: config, connection: connection)
            cells = try grid.cells(over: base.tree, command: command, offset: offset)
            parameterFile = base.path
        } catch let error as VariantError {
            printError("cardstack: \(error)")
            throw ExitCode(1)
        }
        let sheet = cells.map { cell in
            // Each cell in its set's look, as a single render of that set draws it.
            ContactSheet.Cell(
                label: cell.label, times: cell.frames.map { $0.time ?? 0 }, frames: cell.frames.map(\.frame),
                look: cell.parameters.card, parameterFile: parameterFile)
        }
        let rate = cells.map(\.parameters.animation.fps).max() ?? 60
        do {
            let s = try ContactSheet.render(
                sheet, columns: grid.columns, rate: rate, hold: hold, options: options, to: out)
            let what = cells.count == 1 ? "" : " of \(cells.count) variants"
            printError(
                "cardstack: rendered \(s.frames) frames\(what) at \(s.fps) fps, \(s.width)x\(s.height), to \(out) (\(s.bytes) bytes)"
            )
        } catch {
            throw fail(error)
        }
    }
}
