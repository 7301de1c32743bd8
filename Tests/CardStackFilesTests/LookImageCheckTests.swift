import CardStackFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The look's images as `params`' `warnings` show them: bounded (issue 44: 10,000 bad files
/// made a `params` reply of 1.6 MB).
@Suite struct LookImageCheckTests {
    @Test func theFirstTwentyProblemsAreListedThenACount() {
        let problems = (0..<10_010).map { "card.images: /x/\($0).png: not a PNG or JPEG image" }
        let bounded = LookImageCheck.bounded(problems)
        #expect(bounded.count == LookImageCheck.maximumProblems + 1)
        #expect(Array(bounded.prefix(20)) == Array(problems.prefix(20)))
        #expect(bounded.last == "card.images: … and 9,990 more like these")
        #expect(LookImageCheck.bounded(Array(problems.prefix(20))) == Array(problems.prefix(20)))
        #expect(LookImageCheck.bounded(Array(problems.prefix(21))).last == "card.images: … and 1 more like these")
    }

    @Test func aFolderOfBadFilesGivesTwentyOneLines() throws {
        var template = Array("/tmp/cardstack-check-XXXXXX".utf8CString)
        let root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        defer { rmdir(root) }
        let names = (0..<30).map { ($0 < 10 ? "0" : "") + "\($0).png" }
        for name in names {
            let fd = open(root + "/" + name, O_CREAT | O_WRONLY, 0o600)
            _ = write(fd, "not an image", 12)
            close(fd)
        }
        defer { for name in names { unlink(root + "/" + name) } }
        let check = LookImageCheck(patterns: ["*.png"], relativeTo: root)
        #expect(check.files.count == 30)
        #expect(check.problems.count == 21)
        #expect(check.problems.first == "card.images: \(root)/00.png: not a PNG or JPEG image")
        #expect(check.problems.last == "card.images: … and 10 more like these")
        #expect(check.directories == [root])
    }
}
