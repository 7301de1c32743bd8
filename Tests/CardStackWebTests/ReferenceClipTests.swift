import CardStackProtocol
import Testing

@testable import CardStackWeb

@Suite struct ReferenceClipTests {
    @Test func onlyTheKindsADesignerBringsAreRead() {
        #expect(ReferenceClip.container([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == "png_pipe")
        #expect(ReferenceClip.container([0xFF, 0xD8, 0xFF, 0xE0]) == "jpeg_pipe")
        #expect(ReferenceClip.container(Array("GIF89a..".utf8)) == "gif")
        #expect(ReferenceClip.container(Array("GIF87a".utf8)) == "gif")
        #expect(ReferenceClip.container([0x1A, 0x45, 0xDF, 0xA3, 0x01]) == "matroska")
        #expect(ReferenceClip.container([0, 0, 0, 0x20] + Array("ftypisom".utf8)) == "mov")
        #expect(ReferenceClip.container([0, 0, 0, 0x08] + Array("wide".utf8)) == "mov")
        // A playlist or a concat list could make ffmpeg open other files: not read.
        #expect(ReferenceClip.container(Array("#EXTM3U\n".utf8)) == nil)
        #expect(ReferenceClip.container(Array("ffconcat version 1.0\n".utf8)) == nil)
        #expect(ReferenceClip.container([]) == nil)
        #expect(ReferenceClip.container([0xFF, 0xD8]) == nil)
    }

    @Test func frameTimesAreShowinfosPtsFromTheFirstFrameAndTheSourceWidthItsFirstOne() {
        // One showinfo before the scaling (the upload's own size), one after (the frames').
        let log = """
            Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:x':
            [Parsed_showinfo_0 @ 0x54] config in time_base: 1/15360, frame_rate: 30/1
            [Parsed_showinfo_2 @ 0x55] config in time_base: 1/15360, frame_rate: 30/1
            [Parsed_showinfo_0 @ 0x54] n:   0 pts:   1024 pts_time:0.0666667 pos: 48 fmt:yuv420p sar:1/1 s:1280x960 i:P
            [Parsed_showinfo_2 @ 0x55] n:   0 pts:   1024 pts_time:0.0666667 pos: 48 fmt:yuvj420p sar:1/1 s:720x540 i:P
            [Parsed_showinfo_0 @ 0x54] n:   1 pts:   1536 pts_time:0.1     pos: 835 fmt:yuv420p sar:1/1 s:1280x960 i:P
            [Parsed_showinfo_2 @ 0x55] n:   1 pts:   1536 pts_time:0.1     pos: 835 fmt:yuvj420p sar:1/1 s:720x540 i:P
            [Parsed_showinfo_2 @ 0x55] n:   2 pts:   3072 pts_time:0.2     pos: 999 fmt:yuvj420p sar:1/1 s:720x540 i:P
            """
        let (times, width, height, sourceWidth) = ReferenceClip.frames(log)
        #expect(times.count == 3)
        #expect(abs(times[0]) < 1e-12 && abs(times[1] - 0.0333333) < 1e-9 && abs(times[2] - 0.1333333) < 1e-9)
        #expect(width == 720 && height == 540 && sourceWidth == 1280)
    }

    @Test func theStageAlignedInThePageIsPassedInTheUploadsPixels() {
        let stage: JSONValue = .array([.integer(-30), .number(12.5), .number(0.5)])
        #expect(FitStage.argument(stage, sourceRatio: 2) == "-60.0,25.0,1.0")
        for bad: JSONValue in [
            .array([.integer(0), .integer(0)]), .array([.integer(0), .integer(0), .integer(0)]),
            .array([.integer(0), .integer(0), .number(-1)]), .array([.string("0"), .integer(0), .integer(1)]),
            .array([.integer(0), .number(1e300), .integer(1)]), .string("0,0,1"),
        ] {
            #expect(FitStage.argument(bad, sourceRatio: 1) == nil)
        }
    }

    @Test func theStageIsHeldToTheBoundsCardstackFitHoldsItTo() {
        // FitBounds, as `cardstack fit --stage` checks it: what spun past 90 s or crashed.
        #expect(FitStage.problem("30.0,24.0,0.5", width: 260, height: 480) == nil)
        #expect(
            FitStage.problem("0.0,0.0,100000.0", width: 260, height: 480)?.hasPrefix("stage: the stage's scale") == true
        )
        #expect(
            FitStage.problem("-100000.0,-100000.0,50.0", width: 260, height: 480)?.contains("too far outside") == true)
        #expect(FitStage.problem("1e308,1e308,1e-300", width: 260, height: 480) != nil)
    }

    @Test func aPictureOverThePixelLimitIsNamedWithItsSize() {
        let log =
            "[png @ 0x5631e13a5d40] [IMGUTILS @ 0x7ffd] Picture size 16000x16000 exceeds specified max pixel count 16777216, see the documentation\n"
        #expect(ReferenceClip.oversized(log) == "16000 × 16000")
        #expect(ReferenceClip.oversized("[h264 @ 0x1] error while decoding MB 3 4\n") == nil)
    }

    @Test func theReplyListsEveryFramesTime() {
        let clip = ReferenceClip(
            id: "ab", directory: "/nowhere", times: [0, 0.5, 1], width: 10, height: 20, sourceWidth: 10)
        #expect(clip.fps == 2)
        #expect(
            clip.json == #"{"id":"ab","frames":3,"fps":2,"width":10,"height":20,"times":[0,0.5,1]}"#)
        #expect(ReferenceClip(id: "c", directory: "/", times: [0], width: 1, height: 1, sourceWidth: 1).fps == 0)
    }
}
