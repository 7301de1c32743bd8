import ArgumentParser
import CardStackGolden
import Foundation

/// `cardstack verify --device TRACE GOLDEN`: what a device drew, held against the golden's
/// motion (docs/tuning.md, "Device traces"); the checks are CardStackGolden's.
extension VerifyCommand {
    static let deviceHelp = ArgumentHelp(
        "A device trace (JSON lines of {\"time\", \"duration\", \"offset\"}) to hold against the golden's motion: "
            + "exit 1 on a hitch or a frame off the motion by more than --tolerance (docs/tuning.md, \"Device traces\").",
        valueName: "trace")

    /// Prints the report; exits 1 on a hitch or a deviation, 2 on an unusable trace or golden.
    func verifyDevice(trace path: String) throws {
        if let report = options.report {
            printError(
                "cardstack: --report \(report) draws a golden's frames; with --device there are none to draw (leave it out)"
            )
            throw ExitCode(2)
        }
        let recording = try loadGolden(golden)
        let trace = try loadTrace(path)
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

/// The trace at `path`, read no further than its size limit, or exit 2 saying what is wrong.
func loadTrace(_ path: String) throws -> DeviceTrace {
    do {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw GoldenError(source: path, line: nil, message: "cannot read it (missing, or not readable)")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: DeviceTrace.maximumBytes + 1) ?? Data()
        return try DeviceTrace(jsonLines: data, source: path)
    } catch let error as GoldenError {
        printError("cardstack: \(error)")
        throw ExitCode(2)
    } catch {
        printError("cardstack: \(path): cannot read it: \(error.localizedDescription)")
        throw ExitCode(2)
    }
}
