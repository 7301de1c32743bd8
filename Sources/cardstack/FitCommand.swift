import ArgumentParser
import CardLayout
import CardStackFiles
import CardStackFit
import CardStackFitReport
import CardStackProtocol
import CardStackRender
import Foundation

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract:
            "Find the parameters that reproduce a reference clip (the motion) or a still's card corners (the pose).",
        discussion: """
            The motion: a point on a moving card is tracked through the clip (MP4, MOV, WebM, \
            GIF; read through ffmpeg), marked with --mark or, without one, a corner of the card \
            cardstack finds moving farthest; the spring (--kind spring) or the curve and duration \
            (--kind curve) that best reproduce its path, and when the move starts, are found by \
            least squares against cardstack's own layout of --style. Without --kind both are \
            tried and the better one is reported.

            The clip may be the stage scaled and moved inside a larger picture: the stage is \
            found as the box that differs from the padding in the first frame, or given with \
            --stage X,Y,SCALE (clip pixels of the stage's top-left corner, clip pixels per point).

            The pose: --corners FILE gives the corners of two or more cards of a still, in \
            points (JSON [[[x,y],[x,y],[x,y],[x,y]], …] top-left, top-right, bottom-right, \
            bottom-left, or CSV with one card of 8 numbers a line); spacing, scale_step, m34 \
            and the card's size and anchor are fitted.

            The residual (mean and worst distance, in points) is always printed. When it is \
            more than a point, the other styles are tried on the same path and the one that \
            fits best is named. --json prints {kind, style, params (as get_params spells \
            them), residual {mean, worst}, frames, start, …}; --apply puts the parameters in \
            force on the running daemon as one set_params (one undo away). docs/fit.md has the \
            method.

            Examples: cardstack fit wallet.mp4 --style stack --kind spring
                      cardstack fit --corners still.json --style stack --json
            """)

    @Argument(help: ArgumentHelp("The reference clip (or picture).", valueName: "reference"))
    var reference: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The style the reference is read as (default: --config's or the daemon's, else stack).", valueName: "style")
    )
    var style: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A parameter file the reference is read against (default: the style's preset, else the built-in defaults).",
            valueName: "file"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What to fit: spring, curve or pose (default: pose with --corners, else the better of spring and curve).",
            valueName: "kind"))
    var kind: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The still's card corners in points (JSON or CSV); fits the pose.", valueName: "file"))
    var corners: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The point to track, in clip pixels, in frame F (default 0).", valueName: "x,y[@f]"))
    var mark: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the stage is in the clip: its top-left corner in clip pixels and clip pixels per point.",
            valueName: "x,y,scale"))
    var stage: String?

    @Option(name: .long, help: ArgumentHelp("The move the clip shows: next or prev (default next).", valueName: "move"))
    var move: String = "next"

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The offset the move starts from (default 0).", valueName: "points"))
    var from: Double = 0

    @Option(
        name: .long, help: ArgumentHelp("Frames per second of the clip, when its file does not say.", valueName: "n"))
    var fps: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop with an error after this many seconds (default \(Int(FitBounds.commandTimeLimit))).",
            valueName: "seconds"))
    var timeLimit: Double = FitBounds.commandTimeLimit

    @Flag(
        name: .long,
        help: "Read the reference against the parameters the running daemon has in force (get_params), not a file.")
    var live = false

    @Flag(name: .long, help: "Print the result as JSON.")
    var json = false

    @Flag(
        name: .long, help: "Put the fitted parameters in force on the running daemon (one set_params, one undo away).")
    var apply = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard reference != nil || corners != nil else {
            throw ValidationError("give a reference clip, or --corners FILE for a pose")
        }
        if let kind, !["spring", "curve", "pose"].contains(kind) {
            throw ValidationError("--kind must be spring, curve or pose, got \(kind)")
        }
        if let style, Style(rawValue: style) == nil {
            throw ValidationError(
                "unknown style \(style); the styles are \(Style.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if live, config != nil { throw ValidationError("--live reads the daemon's parameters; leave out --config") }
        guard ["next", "prev"].contains(move) else { throw ValidationError("--move must be next or prev, got \(move)") }
        if let problem = FitBounds.offsetProblem(from) { throw ValidationError("--from: \(problem)") }
        if let problem = FitBounds.timeLimitProblem(timeLimit) { throw ValidationError("--time-limit: \(problem)") }
        if kind == "pose", corners == nil {
            throw ValidationError(
                "a pose fit reads the cards' corners from --corners FILE (corners are not found in pictures)")
        }
        if let fps, !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps must be a number of frames per second in (0, 1000]")
        }
        _ = try markValue()
        _ = try stageValue()
    }

    func run() throws {
        Self.limitTime(timeLimit)
        let parameters = try baseParameters()
        let report: FitReport
        do {
            if let corners {
                report = try fitPose(corners, parameters)
            } else {
                report = try fitMotion(reference!, parameters)
            }
        } catch let error as FitError {
            printError("cardstack: \(reference ?? corners ?? ""): \(error)")
            throw ExitCode(1)
        } catch let error as RenderError {
            printError("cardstack: \(error)")
            throw ExitCode(1)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try StandardOutput.write(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            try StandardOutput.write(report.text)
        }
        if apply {
            let link = try connection.connect()
            do {
                _ = try link.request(.setParams(report.settings), timeout: connection.timeout)
            } catch {
                throw fail(error)
            }
            if !json {
                try StandardOutput.write("applied: the daemon has them in force (cardstack undo takes them back)")
            }
        }
    }

    /// --config's parameters (or the daemon's with --live), else the style's preset, else
    /// the defaults; --style wins.
    func baseParameters() throws -> Parameters {
        if live {
            var p: Parameters
            do {
                p = try connection.connect().request(.getParams, as: ParamsInfo.self, timeout: connection.timeout)
                    .params
            } catch {
                throw fail(error)
            }
            if let style { p.layout.style = Style(rawValue: style)! }
            return p
        }
        if let config {
            var p = try loadParameters(config)
            if let style { p.layout.style = Style(rawValue: style)! }
            return p
        }
        return Self.preset(style.flatMap(Style.init(rawValue:)) ?? .stack)
    }

    /// The style's preset when one is found (Config/presets/), else the defaults with the style.
    static func preset(_ style: Style) -> Parameters {
        let library = PresetLibrary.standard(environment: ProcessInfo.processInfo.environment)
        if let path = library.path(of: style.rawValue), let p = try? ParamsFile.load(path).resolved.parameters {
            return p
        }
        var p = Parameters()
        p.layout.style = style
        return p
    }

    /// --mark as (x, y, frame).
    func markValue() throws -> (x: Double, y: Double, frame: Int)? {
        guard let mark else { return nil }
        let parts = mark.split(separator: "@", maxSplits: 1)
        let xy = parts[0].split(separator: ",").compactMap { Double($0) }
        let frame = parts.count == 2 ? Int(parts[1]) : 0
        guard xy.count == 2, xy.allSatisfy(\.isFinite), let frame, frame >= 0 else {
            throw ValidationError("--mark is X,Y or X,Y@FRAME in clip pixels (e.g. 120,340@0), got \(mark)")
        }
        return (xy[0], xy[1], frame)
    }

    /// --stage as a mapping.
    func stageValue() throws -> StageMapping? {
        guard let stage else { return nil }
        let v = stage.split(separator: ",").compactMap { Double($0) }
        guard v.count == 3, v.allSatisfy(\.isFinite), v[2] > 0 else {
            throw ValidationError(
                "--stage is X,Y,SCALE: the stage's top-left in clip pixels and pixels per point, got \(stage)")
        }
        if let problem = FitBounds.scaleProblem(v[2]) { throw ValidationError("--stage: \(problem)") }
        return StageMapping(originX: v[0], originY: v[1], scale: v[2])
    }
}
