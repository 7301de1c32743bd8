import CardLayout
import CardStackGolden

#if canImport(Glibc)
    import Glibc
#endif

/// `verify --report` and `diff --report`: the two sets of frames side by side as a GIF
/// (drawn as `cardstack render` draws them) and their front offsets over time overlaid in
/// an SVG plot, the first divergence marked.
///
/// Both show the moves, not the time between them: a pause between two frames longer than
/// ``longestPause`` (the stack at rest, the daemon idle before the recording began) shows
/// for ``longestPause``, so the report lasts as long as the moves it holds plus at most
/// that much a pause, whatever the recording's clock says.
public struct GoldenPictures: Sendable {
    /// The longest a pause between two recorded frames shows in the report, seconds.
    public static let longestPause = 0.5

    /// The recorded frames (dots in the plot, the GIF's left half).
    public var left: [Frame]
    /// The frames they are compared with (the line, the right half), as many as `left`.
    public var right: [Frame]
    /// The left frames' recorded times, seconds.
    public var times: [Double]
    /// The plot's legend for each side.
    public var labels: (left: String, right: String)
    /// The first frame that differs, marked in the plot; nil when none does.
    public var first: GoldenDivergence?

    /// The two sets of frames (`left` recorded, `right` computed or the second recording),
    /// at the left's `times`, with their legends and the first divergence to mark.
    public init(
        left: [Frame], right: [Frame], times: [Double], labels: (left: String, right: String),
        first: GoldenDivergence?
    ) {
        (self.left, self.right, self.times, self.labels, self.first) = (left, right, times, labels, first)
    }

    /// The frames' times in the report: the recorded ones with every pause over
    /// ``longestPause`` shortened to it, from 0.
    public var shownTimes: [Double] {
        var shown: [Double] = []
        for (i, t) in times.enumerated() {
            shown.append(i == 0 ? 0 : shown[i - 1] + min(max(t - times[i - 1], 0), Self.longestPause))
        }
        return shown
    }

    /// Left and right frames drawn next to each other at the recording's rate (at most
    /// GIF's 50 frames a second), pauses shortened (``shownTimes``).
    public func writeGIF(to path: String, options: RenderOptions) throws {
        let times = shownTimes
        let fps = options.fps ?? options.format.defaultFPS(recordingRate: RenderTimeline.rate(of: times))
        let timeline = try RenderTimeline(times: times, fps: fps, from: options.from, to: options.to)
        let (width, height) = options.pictureSize(viewport: left[0].viewport)
        let scale = options.size == nil ? options.scale : nil
        let one = try FrameRenderer(width: width, height: height)
        let other = try FrameRenderer(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: 2 * width * height * 4)
        let row = width * 4
        var drawn = -1
        // Through render's own writer: GIF's palette pass, the time limit, the file whole or not at all.
        _ = try AnimationFile.write(
            count: timeline.count, width: 2 * width, height: height, fps: fps, options: options, to: path,
            deadline: RenderClock.now() + options.timeLimit
        ) { (k, encoder) throws(RenderError) in
            let pick = timeline.picks[k]
            // A frame shown again (a pause, a rate below the output's) is drawn once.
            if pick != drawn {
                drawn = pick
                one.draw(left[pick], scale: scale)
                other.draw(right[pick], scale: scale)
                // Row by row: the left picture's row, then the right one's (a copy a row).
                pixels.withUnsafeMutableBytes { target in
                    guard let base = target.baseAddress else { return }
                    for (side, picture) in [one, other].enumerated() {
                        picture.withPixels { source in
                            guard let from = source.baseAddress else { return }
                            for y in 0..<height {
                                memcpy(base + 2 * row * y + side * row, from + row * y, row)
                            }
                        }
                    }
                }
            }
            // Array's withUnsafeBytes throws untyped errors: the encoder's is carried out by hand.
            var failure: RenderError?
            pixels.withUnsafeBytes { raw in
                do throws(RenderError) { try encoder.write(raw) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// The front offset of every frame over time: left as dots, right as a line.
    public func plot() -> String {
        let times = shownTimes
        let width = 720.0
        let height = 360.0
        let margin = 48.0
        let start = times.first ?? 0
        let span = max((times.last ?? 0) - start, 1e-9)
        let offsets = left.map(\.offset) + right.map(\.offset)
        let low = offsets.min() ?? 0
        let high = offsets.max() ?? 1
        let range = max(high - low, 1e-9)
        func x(_ t: Double) -> Double { margin + (t - start) / span * (width - 2 * margin) }
        func y(_ o: Double) -> Double { height - margin - (o - low) / range * (height - 2 * margin) }
        func n(_ v: Double) -> String { GoldenReport.number(v) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <line x1="\(n(margin))" y1="\(n(height - margin))" x2="\(n(width - margin))" y2="\(n(height - margin))" stroke="#888"/>
            <line x1="\(n(margin))" y1="\(n(margin))" x2="\(n(margin))" y2="\(n(height - margin))" stroke="#888"/>
            <text x="\(n(margin))" y="\(n(height - 14))">time, s (\(n(span)) s; pauses over \(n(Self.longestPause)) s shortened)</text>
            <text x="6" y="\(n(margin - 10))">offset, pt (\(n(low)) to \(n(high)))</text>

            """
        let line = zip(times, right).map { "\(n(x($0)))," + n(y($1.offset)) }.joined(separator: " ")
        svg += "<polyline class=\"computed\" fill=\"none\" stroke=\"#d33\" stroke-width=\"1.5\" points=\"\(line)\"/>\n"
        for (t, frame) in zip(times, left) {
            svg +=
                "<circle class=\"recorded\" cx=\"\(n(x(t)))\" cy=\"\(n(y(frame.offset)))\" r=\"2.5\" fill=\"#236\"/>\n"
        }
        if let first, first.frame - 1 < times.count {
            let t = times[first.frame - 1]
            svg += """
                <line class="first-divergence" x1="\(n(x(t)))" y1="\(n(margin))" x2="\(n(x(t)))" \
                y2="\(n(height - margin))" stroke="#d33" stroke-dasharray="4 3"/>

                """
        }
        svg += """
            <text x="\(n(width - 250))" y="20" fill="#236">● \(escaped(labels.left))</text>
            <text x="\(n(width - 250))" y="36" fill="#d33">— \(escaped(labels.right))</text>
            </svg>

            """
        return svg
    }

    func escaped(_ text: String) -> String {
        text.map { $0 == "&" ? "&amp;" : $0 == "<" ? "&lt;" : String($0) }.joined()
    }
}
