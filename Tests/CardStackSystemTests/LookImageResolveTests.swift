import CardStackSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `card.images`' globs resolved by the look's own bounded walk (issue 44: one `set_params`
/// of 1,024 globs over 10,000 files held the daemon for two minutes and a gigabyte).
@Suite struct LookImageResolveTests {
    /// A directory tree of empty files, removed with everything in it.
    final class Tree {
        let root: String
        private var made: [String] = []

        init(_ files: [String]) throws {
            var template = Array("/tmp/cardstack-resolve-XXXXXX".utf8CString)
            guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw SystemTestError.noDirectory
            }
            root = String(cString: dir)
            for file in files {
                var path = root
                for part in file.split(separator: "/").dropLast() {
                    path += "/" + part
                    if mkdir(path, 0o700) == 0 { made.append(path) }
                }
                let fd = open(root + "/" + file, O_CREAT | O_WRONLY, 0o600)
                close(fd)
                made.append(root + "/" + file)
            }
        }

        deinit {
            for path in made.reversed() where unlink(path) != 0 { rmdir(path) }
            rmdir(root)
        }
    }

    /// What glob(3) gives, for comparison.
    static func glob3(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, 0, nil, &matches) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { matches.gl_pathv[$0].map { String(cString: $0) } }
    }

    @Test func theWalkFindsWhatGlobFindsInTheSameOrder() throws {
        let tree = try Tree([
            "shots/b.png", "shots/a.png", "shots/a-b.png", "shots/.hidden.png", "shots/c.jpg", "shots-2/a.png",
            "shots-2/sub/x.png", "shots/sub/x.png", "shots/[x].png", "cover.jpg",
        ])
        for pattern in [
            "shots/*.png", "shots*/a.png", "*/*/x.png", "shots/?.png", "shots/[ab].png", "cover.jpg", "shots/.h*",
            "shots/\\[x\\].png", "*",
        ] {
            let found = LookImageFile.resolve([pattern], relativeTo: tree.root, budget: .init())
            #expect(found.files == Self.glob3(tree.root + "/" + pattern), "\(pattern)")
            #expect(found.problems.isEmpty && found.cut == nil, "\(pattern)")
        }
        let absolute = LookImageFile.resolve([tree.root + "/shots/*.png"], relativeTo: "/elsewhere", budget: .init())
        #expect(absolute.files == Self.glob3(tree.root + "/shots/*.png"))
    }

    @Test func aPatternMatchingNothingIsAProblemAndTheOthersStillCount() throws {
        let tree = try Tree(["shots/a.png"])
        let found = LookImageFile.resolve(
            ["nothing/*.png", "shots/a.png", "missing.png"], relativeTo: tree.root, budget: .init())
        #expect(found.files == [tree.root + "/shots/a.png"])
        #expect(
            found.problems.map(\.description) == [
                "\(tree.root)/nothing/*.png: no such file (no file matches)",
                "\(tree.root)/missing.png: no such file (no file matches)",
            ])
        // The one-result form says the first problem, as before.
        #expect(
            LookImageFile.resolve(["missing.png"], relativeTo: tree.root)
                == .failure(
                    LookImageFile.Problem(path: tree.root + "/missing.png", reason: "no such file (no file matches)")))
    }

    @Test func filesOverTheCapAreCutAndSaidSo() throws {
        let tree = try Tree((0..<10).map { "shots/\($0).png" })
        var limits = LookImageFile.Limits()
        limits.maximumFiles = 4
        // 1,024 patterns naming the same ten files: four files, and the walk stops there.
        let found = LookImageFile.resolve(
            Array(repeating: "shots/*.png", count: 1024), relativeTo: tree.root, budget: .init(limits: limits))
        #expect(found.files == (0..<4).map { "\(tree.root)/shots/\($0).png" })
        #expect(found.cut == "more than 4 files match; the first 4 are used")
    }

    @Test func patternsDirectoryEntriesAndTimeAreCapped() throws {
        let tree = try Tree((0..<200).map { "d\($0 / 50)/\($0).png" })
        var limits = LookImageFile.Limits()
        limits.maximumPatterns = 2
        let few = LookImageFile.resolve(
            ["d0/1.png", "d0/2.png", "d0/3.png"], relativeTo: tree.root, budget: .init(limits: limits))
        #expect(few.files.count == 2 && few.cut == "3 patterns, more than the 2 looked at")
        limits = LookImageFile.Limits()
        limits.maximumEntries = 100
        let entries = LookImageFile.resolve(["*/*.png"], relativeTo: tree.root, budget: .init(limits: limits))
        #expect(entries.cut == "more than 100 directory entries to read; the files found before are used")
        #expect(entries.files.count < 100)
        limits = LookImageFile.Limits()
        limits.seconds = 0
        let late = LookImageFile.resolve(["*/*.png"], relativeTo: tree.root, budget: .init(limits: limits))
        #expect(late.cut == "resolving took more than 0 s; the files found before are used")
        #expect(late.files.isEmpty)
        // A newer resolve makes this one stop the same way.
        let moot = LookImageFile.resolve(["*/*.png"], relativeTo: tree.root, budget: .init(superseded: { true }))
        #expect(moot.cut != nil && moot.files.isEmpty)
    }
}
