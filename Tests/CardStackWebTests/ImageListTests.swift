import Testing

@testable import CardStackWeb

#if canImport(Glibc)
    import Glibc
#endif

/// `/image/K`'s list (issue 44 §7): resolved once per `images_version`, and its refusals
/// name no file.
@Suite struct ImageListTests {
    static func touch(_ path: String, _ text: String = "x") {
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    @Test func theListOfAVersionIsKeptAndANewVersionResolvesAgain() throws {
        var template = Array("/tmp/cardstack-imagelist-XXXXXX".utf8CString)
        let root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        defer {
            for name in ["b.png", "a.png"] { unlink(root + "/" + name) }
            rmdir(root)
        }
        Self.touch(root + "/b.png")
        let lists = LookImageLists()
        #expect(lists.files(daemon: 0, version: 0, patterns: ["*.png"], directory: root) == [root + "/b.png"])
        Self.touch(root + "/a.png")
        // The same version: the list in force, not a new glob.
        #expect(lists.files(daemon: 0, version: 0, patterns: ["*.png"], directory: root) == [root + "/b.png"])
        // A new version, new patterns or another daemon: resolved again.
        #expect(
            lists.files(daemon: 0, version: 1, patterns: ["*.png"], directory: root) == [
                root + "/a.png", root + "/b.png",
            ])
        #expect(lists.files(daemon: 1, version: 0, patterns: ["b.png"], directory: root) == [root + "/b.png"])
    }

    @Test func aRefusalNamesTheReasonAndNoFile() throws {
        var template = Array("/tmp/cardstack-imagelist-XXXXXX".utf8CString)
        let root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        defer {
            unlink(root + "/secret.png")
            rmdir(root)
        }
        Self.touch(root + "/secret.png", "not an image")
        let reply = Array(
            #"{"id":"image","ok":true,"result":{"path":"\#(root)/c.toml","params":{"card":{"images":["*.png"]}}}}"#.utf8
        )
        guard
            case .failure(let refusal) = PageHandler.imageFile(
                item: 0, reply: reply, daemon: 0, lists: LookImageLists())
        else {
            Issue.record("a file that is not an image was served")
            return
        }
        #expect(refusal.description == "not a PNG or JPEG image")
        let none = Array(
            #"{"id":"image","ok":true,"result":{"path":"\#(root)/c.toml","params":{"card":{"images":["/etc/nothing-*"]}}}}"#
                .utf8)
        guard
            case .failure(let missing) = PageHandler.imageFile(item: 0, reply: none, daemon: 0, lists: LookImageLists())
        else {
            Issue.record("a pattern matching nothing served a file")
            return
        }
        #expect(!missing.description.contains("/") && missing.description.contains("matches no file"))
    }
}
