import CardLayout
import CardStackClient
import CardStackLook
import Testing

@testable import CardStackViewer

/// Frames whose numbers are far out of any screen (a recording is not the daemon): the
/// terminal painter, the rasteriser and the SVG snapshot draw what they can and never trap.
@Suite struct HostileFrameTests {
    static var frames: [Frame] {
        let far = [(1e300, -1e300), (-1e300, 1e300), (1e300, 1e300), (-1e300, -1e300)]
        var huge = Frame(
            offset: 1e300, front: .max, style: .stack, viewport: (20, 10),
            cards: [
                Fixtures.card(.max, far, title: "far"),
                Fixtures.card(.min, [(1e18, 0), (1e18, 5), (-1e18, 5)], title: "wide"),
                Fixtures.card(3, [(2, 1), (10, 1), (10, 7), (2, 7)]),
            ])
        huge.reveal = Reveal(item: .max, center: Point(1e300, -1e300), radius: 1e300, progress: 1)
        var tiny = Fixtures.twoCards
        tiny.viewport = (1e-300, 1e-300)
        tiny.reveal = Reveal(item: .min, center: Point(5, 5), radius: 3, progress: 0.5)
        return [huge, tiny]
    }

    @Test(arguments: HostileFrameTests.frames)
    func paintingAndSnapshotsDoNotTrap(frame: Frame) {
        for mode in [ColorMode.trueColor, .monochrome] {
            var buffer = ScreenBuffer(width: 30, height: 12)
            FramePainter(mode: mode).paint(frame, into: &buffer, top: 1, left: 1, columns: 28, rows: 10)
        }
        #expect(SVGSnapshot.render(frame).hasPrefix("<svg"))
        #expect(CardLook.placeholderTitle(item: .max) == "9223372036854775807+1")
        #expect(CardLook.hsl(item: .max).hue == (Int.max % 360 * 47 + 210) % 360)
        #expect((0..<360).contains(CardLook.hsl(item: .min).hue))
    }

    @Test func aRecordingOutOfRangeNamesItsLineAndField() {
        let line =
            #"{"event":"frame","seq":1,"revision":1,"time":0,"frame":{"offset":0,"front":0,"style":"stack","viewport":{"width":375,"height":667},"cards":[]}}"#
        let bad = line.split(separator: #""time":0"#).joined(separator: #""time":1e300"#)
        let error = #expect(throws: RecordingError.self) { try Recording(lines: Array("\(line)\n\(bad)\n".utf8)) }
        #expect(error?.description.hasPrefix("line 2: time 1e+300 is out of range") == true)
    }
}
