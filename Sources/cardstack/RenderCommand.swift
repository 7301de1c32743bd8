import ArgumentParser
import CardStackClient
import CardStackLook
import CardStackProtocol
import CardStackRender

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a recording to an animated GIF, APNG (.png), MP4 or WebM to share.",
        discussion: """
            Draws every frame of a recording made by `cardstack record` as the page draws it \
            (each card's projected layer back to front, rounded corners and titles in \
            perspective, alpha, the circle reveal) and writes the animation at the \
            recording's timing. The output's extension picks the format:
              .gif   50 fps by default (GIF delays are whole hundredths of a second; --fps \
            may be 50, 25, 20, 10, 5, 4, 2 or 1), one palette for the whole animation
              .png   animated PNG, lossless, the recording's rate (at most 60 fps)
              .mp4   H.264, the recording's rate (at most 60 fps)
              .webm  VP9, the recording's rate (at most 60 fps)
            Output frame k shows the newest recorded frame at most half an output frame after \
            k / fps seconds. Rendering twice gives the same bytes. Needs ffmpeg (Debian's \
            ffmpeg package).

            Without a recording, --config FILE (or the daemon's values in force) and \
            --vary KEY=V1,V2,… render one transition (--transition, default next) under every \
            combination of the values, up to 4 × 4, as a labelled grid; each cell's frames are \
            the daemon's own, computed here. See docs/render.md.

            Examples:
              cardstack record bounce.jsonl --seconds 3 & cardstack next
              cardstack render bounce.jsonl --out bounce.gif
              cardstack render bounce.jsonl --out bounce.mp4 --scale 2 --from 0.2 --to 1.4
              cardstack render --live --seconds 2 --out now.png
              cardstack render --config a.toml --vary animation.spring.bounce=0,0.15,0.3 --out bounces.gif
              cardstack render --vary spacing=20..40/3 --vary animation.curve=ease_in_out,decelerate --out grid.mp4
            """)

    @Argument(
        help: ArgumentHelp(
            "A recording from `cardstack record` (none with --live, --config or --vary).", valueName: "recording"))
    var recording: String?

    @Option(
        name: .long, help: ArgumentHelp("The file to write: .gif, .png (animated), .mp4 or .webm.", valueName: "file"))
    var out: String

    @Option(
        name: .long, help: ArgumentHelp("Start this many seconds after the first recorded frame.", valueName: "seconds")
    )
    var from: Double?

    @Option(
        name: .long, help: ArgumentHelp("End this many seconds after the first recorded frame.", valueName: "seconds"))
    var to: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Frames per second of the output (GIF: 50 by default; others: the recording's, at most 60).", valueName: "n"
        ))
    var fps: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Pixels per viewport point (default 1; 2 for a sharp picture on a high-density screen).", valueName: "x"))
    var scale: Double = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The picture's size in pixels; the viewport is fitted inside, centred (instead of --scale).",
            valueName: "WxH"))
    var size: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The stage's colour (default: the page's, \(CardLook.hex(CardLook.background))).", valueName: "#rrggbb"))
    var background: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop the render with an error after this many seconds (default \(Int(RenderBudget.commandTimeLimit))).",
            valueName: "seconds"))
    var timeLimit: Double = RenderBudget.commandTimeLimit

    @Flag(name: .long, help: "Record from the running daemon for --seconds, then render (no recording file).")
    var live = false

    @Option(name: .long, help: ArgumentHelp("With --live: how long to record.", valueName: "seconds"))
    var seconds: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render the transition for every value (a grid, up to 4 × 4): KEY=V1,V2,… or KEY=FROM..TO/COUNT; twice for two keys.",
            valueName: "key=values"))
    var vary: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Without a recording: the parameter file whose transition is rendered (default: the daemon's values in force).",
            valueName: "file"))
    var config: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Without a recording: the move to render, \(TransitionChoice.help) (default next).", valueName: "move"))
    var transition: String = "next"

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Without a recording: the offset the move starts from (default 0).", valueName: "points"))
    var offset: Double = 0

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Without a recording: seconds the last frames hold after the longest move ends (default 0.5).",
            valueName: "seconds"))
    var hold: Double = 0.5

    @OptionGroup var connection: ConnectionOptions

    /// The transition is computed here (from --config or the daemon's values), not recorded.
    var computed: Bool { recording == nil && !live && (!vary.isEmpty || config != nil) }

    func options() throws -> RenderOptions {
        var options = RenderOptions(format: try RenderFormat(path: out))
        options.fps = fps
        options.from = from
        options.to = to
        options.scale = scale
        options.timeLimit = timeLimit
        options.size = try size.map { (text) throws(RenderError) in try RenderOptions.parseSize(text) }
        if let background { options.background = try RenderOptions.parseColor(background) }
        try options.validate()
        return options
    }

    func validate() throws {
        if computed {
            guard seconds == nil else { throw ValidationError("--seconds goes with --live, not --vary or --config") }
            guard hold.isFinite, (0...60).contains(hold) else {
                throw ValidationError("--hold must be 0 to 60 seconds, got \(hold)")
            }
            guard offset.isFinite, abs(offset) <= 1e12 else {
                throw ValidationError("--offset must be a finite number of points within ±1e12")
            }
        } else if !vary.isEmpty || config != nil {
            throw ValidationError(
                "--vary and --config compute the transition here: give no recording file and no --live")
        } else if live {
            guard recording == nil else {
                throw ValidationError("--live records from the daemon: give no recording file, or drop --live")
            }
            guard let seconds, seconds > 0, seconds.isFinite, seconds <= 600 else {
                throw ValidationError("--live needs --seconds N (how long to record, up to 600)")
            }
        } else {
            guard recording != nil else {
                throw ValidationError(
                    "give a recording (from `cardstack record FILE`), --live --seconds N, or --config FILE / --vary KEY=V1,V2"
                )
            }
            guard seconds == nil else {
                throw ValidationError("--seconds goes with --live (a recording file is rendered whole)")
            }
        }
        do {
            _ = try options()
        } catch let error as RenderError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let options = try options()
        if computed { return try renderVariants(options) }
        let name = recording ?? "the daemon"
        let parsed: Recording
        do {
            let bytes = try live ? record() : readWholeFile(name)
            if !live,
                !bytes.contains(where: { ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) })
            {
                printError(
                    "cardstack: \(name) is empty: a recording holds the daemon's events (record one with `cardstack record \(name)` while the daemon runs, then start a transition)"
                )
                throw ExitCode(1)
            }
            parsed = try Recording(lines: bytes)
        } catch let code as ExitCode {
            throw code
        } catch let error as RecordingError where live && error.line == nil {
            printError(
                "cardstack: no frame came from the daemon in \(seconds ?? 0) s: start a transition (e.g. cardstack next) while it records"
            )
            throw ExitCode(1)
        } catch {
            printError("cardstack: \(name): \(error)")
            throw ExitCode(1)
        }
        do {
            let s = try RecordingRenderer.render(parsed, options: options, to: out)
            printError(
                "cardstack: rendered \(s.frames) frames at \(s.fps) fps, \(s.width)x\(s.height), \(formatSeconds(s.duration)) s, to \(out) (\(s.bytes) bytes)"
            )
        } catch {
            throw fail(error)
        }
    }

    /// `--live`: the daemon's parameters and frames for `--seconds`.
    func record() throws -> [UInt8] {
        let daemon = try connection.connect()
        var bytes: [UInt8] = []
        var count = 0
        let recorder = EventRecorder(
            daemon: daemon, kinds: [.frame, .params], seconds: seconds, timeout: connection.timeout)
        try recorder.run(count: &count) { bytes += $0 }
        printError("cardstack: recorded \(count) event\(count == 1 ? "" : "s") from the daemon")
        return bytes
    }

    private func formatSeconds(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e12 else { return "\(x)" }
        let ms = Int((x * 1000).rounded())
        let tail = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - tail.count))\(tail)"
    }
}
