import Testing

@testable import CardStackRender

/// Which recorded frame each output frame shows, and the options that choose the rate.
@Suite struct RenderTimelineTests {
    /// `count` frames at `rate` from t = 10, each off its tick by up to a fifth of a frame.
    func jittered(_ count: Int, rate: Double) -> [Double] {
        (0..<count).map { 10 + Double($0) / rate + [0.0, 0.2, -0.15, 0.1][$0 % 4] / rate }
    }

    @Test func aRecordingAtTheOutputRateMapsOneToOneWhateverTheJitter() throws {
        let times = jittered(60, rate: 60)
        let timeline = try RenderTimeline(times: times, fps: 60)
        #expect(timeline.picks == Array(0..<60))
        #expect(timeline.count == 60 && abs(timeline.duration - 1) < 1e-12)
    }

    @Test func gifAtFiftyShowsTheFrameDueAtEachHundredthPair() throws {
        let times = (0..<61).map { 10 + Double($0) / 60 }  // exactly one second
        let timeline = try RenderTimeline(times: times, fps: 50)
        #expect(timeline.count == 51)
        for (k, pick) in timeline.picks.enumerated() {
            let limit = 10 + (Double(k) + 0.5) / 50
            #expect(times[pick] <= limit && (pick + 1 == times.count || times[pick + 1] > limit))
        }
        #expect(timeline.picks.last == 60)
    }

    @Test func fromAndToCutAWindowAndTheLastFrameShowsOnce() throws {
        let times = (0..<121).map { Double($0) / 60 }
        let timeline = try RenderTimeline(times: times, fps: 60, from: 0.5, to: 1.0)
        #expect(timeline.count == 31 && timeline.picks.first == 30 && timeline.picks.last == 60)
        let beyond = try RenderTimeline(times: times, fps: 60, from: 1.5, to: 99)
        #expect(beyond.picks.last == 120 && beyond.count == 31)
        #expect(throws: RenderError.self) { try RenderTimeline(times: times, fps: 60, from: 2.5) }
        #expect(throws: RenderError.self) { try RenderTimeline(times: [], fps: 60) }
    }

    @Test func aGapKeepsTheFrameInForce() throws {
        // Rest for a second between two moves: the resting frame holds, it is not skipped.
        let times = [0, 1.0 / 60, 2.0 / 60, 1.5, 1.5 + 1.0 / 60]
        let timeline = try RenderTimeline(times: times, fps: 60)
        #expect(timeline.count == 92)
        #expect(timeline.picks[3] == 2 && timeline.picks[89] == 2 && timeline.picks[90] == 3 && timeline.picks[91] == 4)
    }

    @Test func theRecordingsRateIsItsMedianInterval() {
        let steady = { (rate: Double) in
            (0..<30).map { Double($0) / rate + [0.0, 0.004, -0.003, 0.002][$0 % 4] / rate }
        }
        #expect(RenderTimeline.rate(of: steady(60)) == 60)
        #expect(RenderTimeline.rate(of: steady(240)) == 240)
        #expect(RenderTimeline.rate(of: [3]) == 60)
        #expect(RenderFormat.gif.defaultFPS(recordingRate: 60) == 50)
        #expect(RenderFormat.mp4.defaultFPS(recordingRate: 240) == 60)
        #expect(RenderFormat.apng.defaultFPS(recordingRate: 30) == 30)
    }

    @Test func theExtensionNamesTheFormat() throws {
        #expect(try RenderFormat(path: "a/b.GIF") == .gif)
        #expect(try RenderFormat(path: "x.png") == .apng)
        #expect(try RenderFormat(path: "dir.v2/clip.webm") == .webm)
        let unknown = #expect(throws: RenderError.self) { try RenderFormat(path: "clip.avi") }
        #expect(unknown?.description.contains("unknown extension .avi") == true)
        let none = #expect(throws: RenderError.self) { try RenderFormat(path: "dir.v2/clip") }
        #expect(none?.description.contains("has no extension") == true)
    }

    @Test func optionsThatCannotBeRenderedAreRefused() throws {
        var gif = RenderOptions(format: .gif)
        gif.fps = 60
        let error = #expect(throws: RenderError.self) { try gif.validate() }
        #expect(error?.description.contains("whole hundredths") == true)
        gif.fps = 25
        try gif.validate()
        var mp4 = RenderOptions(format: .mp4)
        #expect(mp4.pictureSize(viewport: (375, 667)) == (376, 668))
        mp4.scale = 2
        #expect(mp4.pictureSize(viewport: (375, 667)) == (750, 1334))
        #expect(RenderOptions(format: .apng).pictureSize(viewport: (375, 667)) == (375, 667))
        #expect(try RenderOptions.parseSize("750x1334") == (750, 1334))
        #expect(throws: RenderError.self) { try RenderOptions.parseSize("750") }
        #expect(try RenderOptions.parseColor("#0a84FF") == .init(0x0A, 0x84, 0xFF))
        #expect(throws: RenderError.self) { try RenderOptions.parseColor("blue") }
    }
}
