import ArgumentParser
import CardStackGolden
import CardStackRender
import Foundation

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check a golden recording against this build's layout and motion (exit 0 same, 1 differs, 2 unusable, 3 no report).",
        discussion: """
            Computes every recorded frame again from the recording's own parameters (its \
            first line): each frame's pose at its offset and, while a move runs, that offset \
            from the move's start, target and velocity. Every card of every frame must be \
            within --tolerance points of the recorded one (its four corners and anchor point; \
            alpha within 0.001). Exit 0 when they all are; 1 with the first frame and card \
            that differ and the largest deviation; 2 when the file is not a usable recording \
            (which line, and why). The verdict comes first; --report then draws the moves \
            (pauses over 0.5 s shown for 0.5 s), and exits 3 if it cannot be written. See \
            docs/tuning.md, "Golden recordings".

            Examples:
              cardstack record next.jsonl --seconds 2 & cardstack next
              cardstack verify next.jsonl
              cardstack verify next.jsonl --tolerance 0.5 --report verify-report
            """)

    @Argument(help: ArgumentHelp("A recording from `cardstack record`.", valueName: "golden"))
    var golden: String

    @OptionGroup var options: GoldenOptions

    @Option(name: .long, help: Self.deviceHelp) var device: String?

    @Flag(name: .long, help: Self.fromMoveStartHelp) var fromMoveStart = false

    func validate() throws { try options.validate() }

    func run() throws {
        if let device { return try verifyDevice(trace: device) }
        let recording = try loadGolden(golden)
        let report = recording.verify(tolerance: options.tolerance)
        try options.finish(report) {
            GoldenPictures(
                left: recording.frames.map(\.frame), right: recording.recomputedFrames(),
                times: recording.frames.map(\.time), labels: ("recorded", "this build"), first: report.first)
        }
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two recordings frame by frame (exit 0 same, 1 differs, 2 unusable, 3 no report).",
        discussion: """
            The n-th frame of A against the n-th frame of B, card by card, as `verify` \
            compares: e.g. one transition recorded before and after a parameter change. \
            Recordings of different lengths differ.

            Example:
              cardstack diff before.jsonl after.jsonl --report diff-report
            """)

    @Argument(help: ArgumentHelp("The first recording.", valueName: "a"))
    var a: String

    @Argument(help: ArgumentHelp("The second recording.", valueName: "b"))
    var b: String

    @OptionGroup var options: GoldenOptions

    func validate() throws { try options.validate() }

    func run() throws {
        let first = try loadGolden(a)
        let second = try loadGolden(b)
        let report = first.compare(with: second, tolerance: options.tolerance)
        let count = min(first.frames.count, second.frames.count)
        try options.finish(report) {
            GoldenPictures(
                left: first.frames.prefix(count).map(\.frame), right: second.frames.prefix(count).map(\.frame),
                times: first.frames.prefix(count).map(\.time), labels: (first.source, second.source),
                first: report.first)
        }
    }
}

/// `--tolerance`, `--report` and the report's picture options, shared by `verify` and `diff`.
struct GoldenOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The largest deviation of a card's corners allowed, in points.", valueName: "pt"))
    var tolerance = GoldenRecording.defaultTolerance

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write side-by-side.gif and motion.svg into this directory (made if missing).", valueName: "dir"))
    var report: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --report: start the GIF this many seconds into the moves (pauses shortened).", valueName: "seconds"))
    var from: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --report: end the GIF this many seconds into the moves (pauses shortened).", valueName: "seconds"))
    var to: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --report: the GIF's frames per second: 50 (default), 25, 20, 10, 5, 4, 2 or 1.", valueName: "n"))
    var fps: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("With --report: pixels per viewport point of each side (default 1).", valueName: "x"))
    var scale: Double = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --report: each side's size in pixels, the viewport fitted inside (instead of --scale).",
            valueName: "WxH"))
    var size: String?

    /// The report's GIF as `render` would write it with these options.
    func pictureOptions() throws(RenderError) -> RenderOptions {
        var options = RenderOptions(format: .gif)
        options.fps = fps
        options.from = from
        options.to = to
        options.scale = scale
        options.size = try size.map { (text) throws(RenderError) in try RenderOptions.parseSize(text) }
        try options.validate()
        return options
    }

    func validate() throws {
        guard tolerance >= 0, tolerance.isFinite else {
            throw ValidationError("--tolerance must be a number of points ≥ 0, got \(tolerance)")
        }
        do {
            _ = try pictureOptions()
        } catch {
            throw ValidationError(error.description)
        }
        if report == nil, from != nil || to != nil || fps != nil || size != nil || scale != 1 {
            throw ValidationError(
                "--from, --to, --fps, --scale and --size shape the report's GIF: give --report DIR too")
        }
    }

    /// Prints the verdict first, then writes the report when asked; exits 0 (same), 1
    /// (differs) or, the verdict given, 3 when the report cannot be written.
    func finish(_ outcome: GoldenReport, pictures: () -> GoldenPictures) throws {
        // Written at once (unbuffered), before the report is drawn: a CI log shows the verdict
        // even if the report is stopped.
        if outcome.passed {
            try StandardOutput.write(outcome.message)
        } else {
            printError(outcome.message)
        }
        if let report {
            do {
                try pictures().write(into: report, options: try pictureOptions())
            } catch {
                printError("cardstack: the verdict stands, but the report was not written into \(report): \(error)")
                throw ExitCode(3)
            }
        }
        if !outcome.passed { throw ExitCode(1) }
    }
}

/// The golden at `path`, or exit 2 with what is wrong and where.
func loadGolden(_ path: String) throws -> GoldenRecording {
    do {
        let bytes = try readWholeFile(path)
        return try GoldenRecording(jsonLines: Data(bytes), source: path)
    } catch let error as GoldenError {
        printError("cardstack: \(error)")
        throw ExitCode(2)
    } catch {
        printError("cardstack: \(path): \(error)")
        throw ExitCode(2)
    }
}
