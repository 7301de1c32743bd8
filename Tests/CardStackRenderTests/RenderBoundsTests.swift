import CardLayout
import CardStackClient
import CardStackProtocol
import CardStackWire
import Testing

@testable import CardStackRender

#if canImport(Glibc)
    import Glibc
#endif

/// What bounds a render (docs/render.md, Bounds): frame count counted before it is an Int,
/// a recording's rate capped, the picture's size, the file's size.
@Suite struct RenderBoundsTests {
    @Test func aSpanOfABillionSecondsIsTooManyFramesNotATrap() {
        let error = #expect(throws: RenderError.self) { try RenderTimeline(times: [0, 1e9], fps: 240) }
        #expect(error?.description.contains("frames, more than 36000") == true)
        #expect(RenderTimeline.rate(of: [0, 1e-300, 2e-300]) == 1000)
        #expect(RenderTimeline.seconds(1e300) == "1e+300")
    }

    @Test func aPictureOverTheBudgetIsRefused() {
        var options = RenderOptions(format: .mp4)
        options.size = (8192, 8192)
        let error = #expect(throws: RenderError.self) { try options.validate() }
        #expect(error?.description.contains("larger than a render may be") == true)
        options.size = (4096, 4096)
        #expect(throws: Never.self) { try options.validate() }
        #expect(RenderOptions(format: .gif).pictureSize(viewport: (1e300, .nan)) == (1_000_000_000, 1))
    }

    static let hasFFmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains { (path: String) in
        access(path, X_OK) == 0
    }

    @Test(.enabled(if: hasFFmpeg)) func aFileOverItsLimitIsAnErrorAndLeavesNothing() throws {
        let frame = Layout.frame(Parameters(), offset: 0)
        let line = String(
            decoding: try WireJSON.encode(ServerMessage.frame(FrameEvent(seq: 1, revision: 1, frame: frame, time: 0))),
            as: UTF8.self)
        let recording = try Recording(lines: Array("\(line)\n".utf8))
        var template = Array("/tmp/cardstack-bounds-XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        defer { rmdir(directory) }
        var options = RenderOptions(format: .gif)
        options.maximumBytes = 100
        let error = #expect(throws: RenderError.self) {
            try RecordingRenderer.render(recording, options: options, to: "\(directory)/x.gif")
        }
        #expect(error?.description.contains("would be over 100 bytes") == true)
        #expect(
            opendir(directory).map { dir in
                defer { closedir(dir) }
                var names: [String] = []
                while let entry = readdir(dir) {
                    names.append(
                        withUnsafeBytes(of: entry.pointee.d_name) {
                            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                        })
                }
                return names.sorted()
            } == [".", ".."])
    }
}
