import CardStackGolden

// Thin helpers for the two test frameworks; the checks themselves (CardStackGolden) need neither
// (``GoldenReport/passed`` and ``GoldenReport/message`` serve any other).

#if canImport(XCTest)
    import XCTest

    /// Fails the XCTest test when `report` did not pass, with its message (frame, card and
    /// deviation). Named as XCTest's own assertions are.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public func XCTAssertGolden(
        _ report: @autoclosure () throws -> GoldenReport, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let report = try report()
            if !report.passed { XCTFail(report.message, file: file, line: line) }
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }
#endif

#if canImport(Testing)
    import Testing

    extension GoldenReport {
        /// Records an issue in the Swift Testing test when the report did not pass, with its
        /// message (frame, card and deviation).
        public func expectPassed(sourceLocation: SourceLocation = #_sourceLocation) {
            if !passed { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
        }
    }
#endif
