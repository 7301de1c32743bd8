import ArgumentParser
import CardStackGolden
import Foundation

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check a golden recording against this build's layout and motion (exit 0 same, 1 differs, 2 unusable).",
        discussion: """
            Computes every recorded frame again from the recording's own parameters (its \
            first line): each frame's pose at its offset and, while a move runs, that offset \
            from the move's start, target and velocity. Every card of every frame must be \
            within --tolerance points of the recorded one (its four corners and anchor point; \
            alpha within 0.001). Exit 0 when they all are; 1 with the first frame and card \
            that differ and the largest deviation; 2 when the file is not a usable recording \
            (which line, and why). See docs/tuning.md, "Golden recordings".

            Examples:
              cardstack record next.jsonl --seconds 2 & cardstack next
              cardstack verify next.jsonl
              cardstack verify next.jsonl --tolerance 0.5 --report verify-report
            """)

    @Argument(help: ArgumentHelp("A recording from `cardstack record`.", valueName: "golden"))
    var golden: String

    @OptionGroup var options: GoldenOptions

    @Option(name: .long, help: Self.deviceHelp) var device: String?

    func validate() throws { try options.validate() }

    func run() throws {
        if let device { return try verifyDevice(trace: device) }
        let recording = try loadGolden(golden)
        let report = recording.verify(tolerance: options.tolerance)
        let computed = recording.frames.map { recording.recompute($0) }
        try options.finish(
            report,
            pictures: GoldenPictures(
                left: recording.frames.map(\.frame), right: computed, times: recording.frames.map(\.time),
                labels: ("recorded", "this build"), first: report.first))
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two recordings frame by frame (exit 0 same, 1 differs, 2 unusable).",
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
        try options.finish(
            report,
            pictures: GoldenPictures(
                left: first.frames.prefix(count).map(\.frame), right: second.frames.prefix(count).map(\.frame),
                times: first.frames.prefix(count).map(\.time), labels: (first.source, second.source),
                first: report.first))
    }
}

/// `--tolerance` and `--report`, shared by `verify` and `diff`.
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

    func validate() throws {
        guard tolerance >= 0, tolerance.isFinite else {
            throw ValidationError("--tolerance must be a number of points ≥ 0, got \(tolerance)")
        }
    }

    /// Prints the verdict, writes the report when asked, and exits 0 or 1.
    func finish(_ outcome: GoldenReport, pictures: GoldenPictures) throws {
        if let report {
            do {
                try pictures.write(into: report)
            } catch {
                printError("cardstack: cannot write the report into \(report): \(error)")
                throw ExitCode(2)
            }
        }
        if outcome.passed {
            print(outcome.message)
            return
        }
        printError(outcome.message)
        throw ExitCode(1)
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
