import CardLayout
import CardStackClient

/// Which recorded frame each output frame shows.
///
/// Output frame `k` of a window that starts at `start` lasts `1 / fps` seconds and shows the
/// newest recorded frame whose time is at most `start + (k + 0.5) / fps`: the frame in force
/// at its time, or one that came less than half an output frame later (so a recording at the
/// output's own rate maps one to one, whatever the jitter of the daemon's clock). There are
/// `round((end - start) * fps) + 1` output frames: the last recorded frame shows for one.
public struct RenderTimeline: Sendable, Equatable {
    public let fps: Int
    /// The daemon's time of the first output frame.
    public let start: Double
    /// For each output frame, the index of the recorded frame it shows.
    public let picks: [Int]

    /// The longest animation rendered: ten minutes at 60 fps.
    public static let maximumFrames = 36_000

    /// - Parameters:
    ///   - times: the recorded frames' times, in order (``Recording`` keeps them monotonic).
    ///   - from, to: seconds after the first recorded frame; `to` beyond the end is the end.
    public init(times: [Double], fps: Int, from: Double? = nil, to: Double? = nil) throws(RenderError) {
        guard let first = times.first, let last = times.last else {
            throw RenderError("the recording has no frame events (record with --events frame,…)")
        }
        let span = last - first
        let a = first + (from ?? 0)
        let b = min(first + (to ?? span), last)
        guard a <= last else {
            throw RenderError(
                "--from \(from ?? 0) s is after the recording's last frame (\(RenderTimeline.seconds(span)) s after its first)"
            )
        }
        // Counted as a Double first: a recording's times may span more frames than an Int holds.
        let frames = ((max(b, a) - a) * Double(max(fps, 1))).rounded() + 1
        guard frames <= Double(Self.maximumFrames) else {
            throw RenderError(
                "\(RenderTimeline.seconds(span)) s at \(fps) fps is \(MotionPlot.number(frames)) frames, more than \(Self.maximumFrames): render a part with --from and --to, or a lower --fps"
            )
        }
        let count = Int(frames)
        var picks: [Int] = []
        picks.reserveCapacity(count)
        var i = 0
        for k in 0..<count {
            let limit = a + (Double(k) + 0.5) / Double(fps)
            while i + 1 < times.count, times[i + 1] <= limit { i += 1 }
            picks.append(i)
        }
        self.fps = fps
        self.start = a
        self.picks = picks
    }

    /// Output frames.
    public var count: Int { picks.count }
    /// Seconds the animation lasts.
    public var duration: Double { Double(count) / Double(fps) }

    /// The recording's own frame rate: one over the mean of the intervals between its
    /// frames that are within a quarter of the median one (pauses left out, jitter averaged
    /// away), rounded; 60 when it has a single frame.
    public static func rate(of times: [Double]) -> Int {
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }
        guard !gaps.isEmpty else { return 60 }
        let median = gaps.sorted()[gaps.count / 2]
        let regular = gaps.filter { abs($0 - median) <= median / 4 }
        let rate = Double(regular.count) / regular.reduce(0, +)
        // Frames a trillionth of a second apart are not a rate: the renderer caps it anyway.
        return rate.isFinite ? max(1, Int(min(rate, 1000).rounded())) : 1000
    }

    static func seconds(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e12 else { return "\(x)" }
        let ms = Int((x * 1000).rounded())
        let tail = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - tail.count))\(tail)"
    }
}

/// A recording's frame events, with their times: what the renderer and the plot read.
public struct RecordedFrames: Sendable {
    public var times: [Double]
    /// Each frame's own time, when the daemon computed it (the event's `time`; the line's
    /// for an older daemon's frame): what velocities are measured by, where `times` are
    /// made to grow with the lines (a state event written before a frame can carry a later
    /// time than the frame's own).
    public var frameTimes: [Double]
    public var frames: [Frame]
    /// Each frame's move (its `motion.start`), nil at rest or when not recorded.
    public var moves: [Double?]
    /// The last `params` event before the first frame (else the first one), if recorded.
    public var params: Parameters?
    /// The parameter file those params came from (images are relative to it), if any.
    public var paramsPath: String?

    /// Frames computed rather than recorded (`--vary`, `--config`), with the parameters.
    public init(times: [Double], frames: [Frame], params: Parameters?) {
        self.times = times
        frameTimes = times
        self.frames = frames
        moves = Array(repeating: nil, count: frames.count)
        self.params = params
    }

    public init(_ recording: Recording) {
        times = []
        frameTimes = []
        frames = []
        moves = []
        var before: Parameters?
        var after: Parameters?
        for entry in recording.entries {
            switch entry.message {
            case .frame(let event):
                times.append(entry.time)
                frameTimes.append(event.time ?? entry.time)
                frames.append(event.frame)
                moves.append(event.motion?.start)
            case .params(let info):
                if frames.isEmpty || (before == nil && after == nil) { paramsPath = info.path }
                if frames.isEmpty { before = info.params } else if after == nil { after = info.params }
            default: break
            }
        }
        params = before ?? after
    }
}
