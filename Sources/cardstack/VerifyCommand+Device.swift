import ArgumentParser
import CardStackGolden
import CardStackSystem
import Foundation

/// `cardstack verify --device TRACE GOLDEN`: what a device drew, held against the golden's
/// motion (docs/tuning.md, "Device traces"); the checks are CardStackGolden's.
extension VerifyCommand {
    static let deviceHelp = ArgumentHelp(
        "A device trace (JSON lines of {\"time\", \"duration\", \"offset\"}) to hold against the golden's motion: "
            + "exit 1 on a hitch or a frame off the motion by more than --tolerance (docs/tuning.md, \"Device traces\").",
        valueName: "trace")

    static let fromMoveStartHelp = ArgumentHelp(
        "With --device: the trace's times count from its move's start (the exported TunedMoveAnimator's debug "
            + "trace), not on the daemon's clock: they are read from the golden's first move's start.")

    /// Prints the report; exits 1 on a hitch or a deviation, 2 on an unusable trace or golden.
    func verifyDevice(trace path: String) throws {
        if let report = options.report {
            printError(
                "cardstack: --report \(report) draws a golden's frames; with --device there are none to draw (leave it out)"
            )
            throw ExitCode(2)
        }
        var trace = try loadTrace(path)
        let recording = try loadGolden(golden)
        if fromMoveStart {
            guard let start = recording.frames.lazy.compactMap(\.motion).first?.start else {
                printError("cardstack: \(golden): no move in it to count --from-move-start from: record one")
                throw ExitCode(2)
            }
            for i in trace.frames.indices { trace.frames[i].time += start }
        }
        let report = recording.check(device: trace, tolerance: options.tolerance)
        if report.passed {
            print(report.message)
            return
        }
        // One line at a time: printError shows a newline inside a line as an escape.
        for line in report.message.split(separator: "\n") { printError(String(line)) }
        throw ExitCode(1)
    }
}

/// The trace at `path`, opened without blocking (a regular file only) and read no further
/// than one byte past its size limit, or exit 2 saying what is wrong.
func loadTrace(_ path: String) throws -> DeviceTrace {
    let bytes: [UInt8]
    do {
        bytes = try InputFile.read(path, limit: DeviceTrace.maximumBytes + 1)
    } catch {
        printError("cardstack: \(path): \(error)")
        throw ExitCode(2)
    }
    do {
        return try DeviceTrace(jsonLines: Data(bytes), source: path)
    } catch {
        printError("cardstack: \(error)")
        throw ExitCode(2)
    }
}
