import CardLayout
import Foundation
import Testing

@testable import CardStackGolden

/// `cardstack verify`'s engine: a golden against this build, a changed header, and every
/// kind of unusable file.
@Suite struct GoldenRecordingTests {
    @Test func aGoldenMadeByThisBuildVerifiesExactly() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        #expect(golden.frames.count > 20)
        #expect(golden.frames.contains { $0.motion?.kind == .fling })
        let report = golden.verify()
        #expect(report.passed, "\(report.message)")
        #expect(report.largest?.points == 0)
        #expect(report.message.contains("within 0.01 pt"))
    }

    @Test func aDurationChangedInTheHeaderFailsAtTheMovesSecondFrame() throws {
        let golden = try GoldenFixture.golden(GoldenFixture.lines())
        var changed = GoldenFixture.parameters
        changed.animation.duration += 0.01
        var tampered = golden
        tampered.parameters[1] = changed
        let report = tampered.verify()
        #expect(!report.passed)
        // The first frame of a move is its start, whatever the duration: the second shows it.
        let first = try #require(report.first)
        #expect(first.frame == 2 && first.line == 3)
        #expect(first.points > 0.01 && first.points < 1)
        #expect(report.message.contains("frame 2 (line 3"))
        #expect(report.message.contains("card \(first.card) (item \(first.item)"))
        #expect(report.message.contains("pt off"))
    }

    @Test func aPoseChangedInTheHeaderFailsAtTheFirstFrame() throws {
        var golden = try GoldenFixture.golden(GoldenFixture.lines())
        golden.parameters[1]!.layout.scaleStep += 0.001
        let report = golden.verify()
        #expect(report.first?.frame == 1, "\(report.message)")
    }

    @Test func unusableFilesSayWhatAndWhere() throws {
        let good = GoldenFixture.lines()
        let lines = good.split(separator: "\n").map(String.init)
        let cases: [(String, String)] = [
            ("", "bad.jsonl: the recording is empty"),
            ("\n\n", "bad.jsonl: the recording is empty"),
            (lines[0] + "\n" + lines[1] + "\nnot json at all\n", "bad.jsonl: line 3: not JSON"),
            (String(good.dropLast(40)), "line \(lines.count): the recording is cut short"),
            ("{\"name\":\"a\",\"value\":1}\n", "bad.jsonl: line 1: not a cardstack event"),
            ("[1,2,3]\n", "bad.jsonl: line 1: not a cardstack event"),
            (
                GoldenFixture.lines(protocol: 2),
                "bad.jsonl: line 1: recorded with protocol 2; this build reads protocol 1"
            ),
            (lines[1] + "\n", "bad.jsonl: line 1: a frame before any params event"),
            (lines[0] + "\n", "bad.jsonl: the recording has no frame events: it holds only the parameters"),
            (
                lines[0] + "\n" + lines[1].replacingOccurrences(of: "\"seq\"", with: "\"sequence\"") + "\n",
                "bad.jsonl: line 2: a frame event that does not read: no seq"
            ),
        ]
        for (text, expected) in cases {
            let error = try #require(GoldenFixture.error(text), "read without an error: \(text.prefix(80))")
            #expect(error.description.hasPrefix(expected) || error.description.contains(expected), "\(error)")
        }
    }

    @Test func twoRecordingsCompareFrameByFrame() throws {
        let a = try GoldenFixture.golden(GoldenFixture.lines(), source: "a.jsonl")
        #expect(a.compare(with: a).passed)
        var slower = GoldenFixture.parameters
        slower.animation.duration = 0.4
        let b = try GoldenFixture.golden(GoldenFixture.lines(slower), source: "b.jsonl")
        let report = a.compare(with: b)
        #expect(!report.passed)
        #expect(report.first?.frame == 2)
        #expect(report.message.hasPrefix("a.jsonl against b.jsonl: differs"))
    }
}
