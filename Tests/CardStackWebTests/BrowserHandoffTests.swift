import Foundation
import Testing

@testable import CardStackWeb

/// The file a browser is handed instead of the URL: the user's alone, the URL inside as an
/// HTML attribute, and gone once removed.
@Suite struct BrowserHandoffTests {
    @Test func theFileIsPrivateHoldsTheURLAndGoesWithItsDirectory() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let url = "http://127.0.0.1:8372/?token=0123456789abcdef0123456789abcdef"
        let file = try BrowserHandoff.write(url: url, nonce: "n0", environment: ["TMPDIR": base.path])
        let directory = (file.path as NSString).deletingLastPathComponent
        #expect(directory.hasPrefix(base.path + "/cardstack-open-"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        let html = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(html.contains("content=\"0;url=\(url)&amp;opened=n0\""))
        file.remove()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func inTheRuntimeDirectoryOnlyTheFileGoes() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let file = try BrowserHandoff.write(
            url: "http://[::1]:1/?token=ab", nonce: "n1", environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(file.path == runtime.path + "/cardstack/open-n1.html")
        file.remove()
        #expect(FileManager.default.fileExists(atPath: runtime.path + "/cardstack"))
    }

    @Test func anAttributeValueCannotBeClosed() {
        #expect(BrowserHandoff.html("a\"b<c&d") == "a&quot;b&lt;c&amp;d")
    }
}
