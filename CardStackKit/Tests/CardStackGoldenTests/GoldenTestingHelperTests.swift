import CardLayout
import CardStackGoldenTesting
import Testing
import XCTest

@testable import CardStackGolden

/// The Swift Testing helper records an issue with the report's message, and only then.
@Suite struct GoldenSwiftTestingHelperTests {
    @Test func aPassingReportRecordsNothing() throws {
        try GoldenFixture.golden(GoldenFixture.lines()).verify().expectPassed()
    }

    @Test func aFailingReportRecordsItsMessage() throws {
        var golden = try GoldenFixture.golden(GoldenFixture.lines())
        golden.parameters[1]!.layout.scaleStep = 0.105
        let report = golden.verify()
        withKnownIssue {
            report.expectPassed()
        } matching: { issue in
            issue.comments.contains { $0.rawValue == report.message && $0.rawValue.contains("frame 1 (line 2") }
        }
    }
}

/// The XCTest helper, in an XCTest test case.
final class GoldenXCTestHelperTests: XCTestCase {
    func testAPassingReportPasses() throws {
        XCTAssertGolden(try GoldenFixture.golden(GoldenFixture.lines()).verify())
    }
}
